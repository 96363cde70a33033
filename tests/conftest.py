"""Tests marked `corpus` read the real transcript corpus: skip without it (or fail, with
WM_REQUIRE_CORPUS=1). See tests/paths.py."""

from __future__ import annotations

import pytest

from tests.paths import require_corpus


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("corpus") is not None:
        require_corpus()
