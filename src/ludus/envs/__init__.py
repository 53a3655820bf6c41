"""Research environments: PettingZoo AEC adapters over the game protocol (optional extra `research`).

``from ludus.envs import rose_v0; env = rose_v0.env(players=4)``. Each game has a fixed discrete
action space indexing every option the game can ever offer, ``observation["action_mask"]`` marking
the legal ones, observations built only from the agent's own view, rewards from the final outcome.
"""
