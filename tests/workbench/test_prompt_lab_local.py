"""The prompt lab offers the models of a server running on a well-known local port."""

from __future__ import annotations

from tests.local_models import MODELS, local_models_server
from working_memory.clients import OpenAIClient
from working_memory.transcripts import Transcript
from working_memory.workbench import PromptLab


def test_the_lab_finds_a_local_server_and_one_pick_uses_a_model(long_session: Transcript) -> None:
    lab = PromptLab(long_session)
    assert lab.state.client is None
    with local_models_server() as port:
        lab.find_local_models()
    labels = [label for label, value in lab.local_models.options if value is not None]
    assert any(MODELS[1] in label and f":{port}/v1" in label for label in labels), labels
    choice = next(v for _, v in lab.local_models.options if v and v[1] == MODELS[1])
    lab.local_models.value = choice  # the one click
    assert isinstance(lab.state.client, OpenAIClient)
    assert lab.state.client.model == MODELS[1]
    assert MODELS[1] in lab.client_label.value
    assert lab.error.value == ""
