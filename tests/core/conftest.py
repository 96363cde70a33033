from __future__ import annotations

import pytest

from working_memory import ManagedWindow

from .helpers import make_window


@pytest.fixture
def window() -> ManagedWindow:
    return make_window()
