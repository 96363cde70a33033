"""A control for each setting, derived from its declaration (`settings.Setting`): the pin
editor shows every setting `Policy` and `WindowSettings` declare with `control=True`, with
the bounds, step and help written there, so a new setting needs no widget code."""

from __future__ import annotations

from typing import Any

from ..settings import Setting, setting_fields

__all__ = ["from_control", "setting_controls", "to_control"]

_LAYOUT = {"width": "300px"}
_STYLE = {"description_width": "120px"}
_SLIDER_MAX = 64  # ints with a range up to this get a slider, larger ones a number box


def _sentinel(spec: Setting) -> float:
    """The control value that stands for None: 0 for shares and for ints that start at 1,
    -1 for ints that may be 0."""
    if spec.kind == "int":
        return -1 if (spec.low or 0) < 1 else 0
    return 0.0


def to_control(spec: Setting, value: Any) -> Any:
    return _sentinel(spec) if value is None and spec.optional else value


def from_control(spec: Setting, value: Any) -> Any:
    if spec.optional and value == _sentinel(spec):
        return None
    return value


def setting_controls(policy: Any, widgets: Any) -> dict[str, tuple[Setting, Any]]:
    """name -> (its Setting, a widget showing the policy's value), in declaration order."""
    layout = widgets.Layout(**_LAYOUT)
    out: dict[str, tuple[Setting, Any]] = {}
    for f, spec in setting_fields(policy):
        if not spec.control:
            continue
        label = spec.label or f.name.replace("_", " ")
        value = to_control(spec, getattr(policy, f.name))
        common: dict[str, Any] = {"description": label, "layout": layout, "style": _STYLE}
        tip = spec.help + (f" ({_sentinel(spec):g}: {spec.none_means})" if spec.optional else "")
        if spec.kind == "bool":
            control = widgets.Checkbox(value=value, description=label, indent=False)
        elif spec.kind == "choice" or spec.offers is not None:
            options = list(spec.offers() if spec.offers is not None else spec.choices)
            control = widgets.Dropdown(options=options, value=value, **common)
        elif spec.kind in ("share", "fraction"):
            step = spec.step or 0.01
            low = 0.0 if spec.optional or spec.kind == "fraction" else step
            control = widgets.FloatSlider(
                value=value,
                min=low,
                max=spec.high or 1.0,
                step=step,
                continuous_update=False,
                readout_format=".0%" if spec.kind == "share" else ".2f",
                **common,
            )
        elif spec.kind == "int":
            low = int(_sentinel(spec) if spec.optional else spec.low or 0)
            high = int(spec.high or 1_000_000)
            if high <= _SLIDER_MAX and not spec.optional:
                control = widgets.IntSlider(
                    value=value, min=low, max=high, continuous_update=False, **common
                )
            else:
                control = widgets.BoundedIntText(
                    value=value, min=low, max=high, step=int(spec.step or 1), **common
                )
        else:
            continue  # structured settings (patterns, indices) have their own editors
        control.tooltip = tip
        out[f.name] = (spec, control)
    return out
