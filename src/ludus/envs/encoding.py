"""A small helper for writing fixed-size observation vectors field by field.

Every value lies in [0, 1] (the observation space's bounds): counts are divided by their usual
maximum and saturate at 1 where a rare game can exceed it (e.g. the Rose clue track past 60).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np


class Vector:
    """Fill a float32 vector of known size in named pieces; the layout is the order of calls.

    Small pieces gather in a Python list and large ones (numpy planes) are kept as arrays, and
    everything is joined once in ``done`` — writing element by element into numpy costs more
    than the whole rest of an environment step.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: list[np.ndarray] = []
        self.small: list[float] = []

    def _flush(self) -> None:
        if self.small:
            self.parts.append(np.array(self.small, dtype=np.float32))
            self.small = []

    def scalar(self, value: float) -> None:
        self.small.append(value)

    def one_hot(self, index: int | None, size: int) -> None:
        block = [0.0] * size
        if index is not None and 0 <= index < size:
            block[index] = 1.0
        self.small.extend(block)

    def many_hot(self, indices: Iterable[int], size: int) -> None:
        block = [0.0] * size
        for index in indices:
            if 0 <= index < size:
                block[index] = 1.0
        self.small.extend(block)

    def values(self, values: Sequence[float] | np.ndarray) -> None:
        if isinstance(values, np.ndarray):
            self._flush()
            self.parts.append(values.ravel())
        else:
            self.small.extend(values)

    def done(self) -> np.ndarray:
        self._flush()
        data = np.concatenate(self.parts).astype(np.float32, copy=False) if self.parts else np.zeros(0, np.float32)
        if len(data) != self.size:
            raise AssertionError(f"observation layout filled {len(data)} of {self.size} values")
        return np.clip(data, 0.0, 1.0, out=data)
