"""Calibrated, dependency-free token estimator (placeholder until calibrated; see issue 5)."""

from __future__ import annotations

__all__ = ["CalibratedCounter"]


class CalibratedCounter:
    name = "calibrated"

    def count(self, text: str) -> int:
        if not text:
            return 0
        return int(len(text) / 3.0) + 1
