"""A small helper for writing fixed-size observation vectors field by field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np


class Vector:
    """Fill a float32 vector of known size in named pieces; the layout is the order of calls."""

    def __init__(self, size: int) -> None:
        self.data = np.zeros(size, dtype=np.float32)
        self.at = 0

    def scalar(self, value: float) -> None:
        self.data[self.at] = value
        self.at += 1

    def one_hot(self, index: int | None, size: int) -> None:
        if index is not None and 0 <= index < size:
            self.data[self.at + index] = 1.0
        self.at += size

    def many_hot(self, indices: Iterable[int], size: int) -> None:
        for index in indices:
            if 0 <= index < size:
                self.data[self.at + index] = 1.0
        self.at += size

    def values(self, values: Sequence[float]) -> None:
        self.data[self.at:self.at + len(values)] = values
        self.at += len(values)

    def done(self) -> np.ndarray:
        if self.at != len(self.data):
            raise AssertionError(f"observation layout filled {self.at} of {len(self.data)} values")
        return self.data
