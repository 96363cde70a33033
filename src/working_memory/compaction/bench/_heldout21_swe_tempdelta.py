"""Held out, twenty-first set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. SWE-agent, Python (a library of physical quantities
and units, its definitions in default_units.txt and parsed into a pickle cache, tested with
pytest): measurand 1.8.2's Quantity.__sub__ keeps self's units, so the difference of two
temperatures is itself a temperature: Q(31.5, 'degC') - Q(24.0, 'degC') is 7.5 degC, which
converts with the offset, to 45.5 degF, 505.17 delta_degF or 280.65 K instead of 13.5 delta_degF
and 7.5 K (issue #407); the assistant's first design returns a TemperatureDelta, a Quantity
subclass in a new measurand/_temperature.py whose to() converts by scale alone, then ruled out
by the user in their own words (downstream code checks type(other) is Quantity, the subclass
still prints 'degC'; no subclass, no new module) for a plain Quantity in the delta unit of
self's unit (delta_degC, already in default_units.txt) through a delta property in registry.py;
_temperature.py deleted and quantity.py checked out again; six tests then fail with
"AttributeError: 'Units' object has no attribute 'delta'", which clearing the definitions cache
in ~/.cache/measurand and __pycache__ and a re-run did not fix and a delta property on Units
(what Quantity.units is), beside the one on Unit, did; @ngozi-eze's four points on PR #409,
answered by the user: one done already (mixed units convert the right-hand side first), one
answered on the PR (no kelvin for every difference), one put off to #412 (a temperature times a
number), one to do (adding a difference back gave -245.65 degC: __add__ fixed since, with its
tests, and the docs/offset-units.md example, not updated); reproduce.py still in the tree; the
assistant's last words announce the mixed-unit conversion the user said was done already."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_EDITED = (
    "File updated. Please review the changes and make sure they are correct (correct "
    "indentation, no duplicate lines, etc). Edit the file again if necessary."
)


def _lines(first: int, text: str) -> str:
    """`text` as the interface shows a file: each line after its number."""
    return "".join(f"{first + i}:{line}\n" for i, line in enumerate(text.split("\n")))


def _dots(passed: int, failed: tuple[int, ...] = ()) -> str:
    """pytest -q's progress lines: 72 results a line, each line ending in its percentage."""
    marks = ["F" if i in failed else "." for i in range(passed + len(failed))]
    out = []
    for start in range(0, len(marks), 72):
        row = "".join(marks[start : start + 72])
        pct = min(start + 72, len(marks)) * 100 // len(marks)
        out.append(f"{row:<72} [{pct:>3}%]")
    return "\n".join(out) + "\n"


_ARITHMETIC = r'''    def to(self, units: str | Units) -> Quantity:
        """This quantity in `units`, which must have the same dimensionality."""
        dst = self._registry.parse_units(units)
        if dst.dimensionality != self.units.dimensionality:
            raise DimensionalityError(self.units, dst)
        base = (self.magnitude + self.units.offset) * self.units.scale
        return Quantity(base / dst.scale - dst.offset, dst)

    def _coerce(self, other: Any) -> Quantity:
        if isinstance(other, Quantity):
            return other
        return Quantity(other, self._registry.dimensionless)

    def _check_dimensions(self, other: Quantity, op: str) -> None:
        if other.units.dimensionality != self.units.dimensionality:
            raise DimensionalityError(self.units, other.units, op)

    def __add__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "add")
        if self.units.is_offset and other.units.is_offset:
            # 20 degC + 30 degC has no meaning: which zero would the sum count from?
            raise OffsetUnitCalculusError(self.units, other.units, "add")
        return Quantity(self.magnitude + other.to(self.units).magnitude, self.units)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "subtract")
        return Quantity(self.magnitude - other.to(self.units).magnitude, self.units)

    def __rsub__(self, other: Any) -> Quantity:
        return self._coerce(other) - self'''

_REPRODUCE = r"""from measurand import Q

# issue #407: the supply and return air of an air handler
rise = Q(31.5, "degC") - Q(24.0, "degC")
print(repr(rise))
print(repr(rise.to("delta_degF")))
print(repr(rise.to("K")))
# mixed units: 75.2 degF is 24.0 degC
print(repr(Q(31.5, "degC") - Q(75.2, "degF")))"""

_TEMPERATURE_PY = r'''"""A difference of two temperatures, which converts without the units' offsets (#407)."""

from __future__ import annotations

from .errors import DimensionalityError
from .quantity import Quantity
from .registry import Units


class TemperatureDelta(Quantity):
    """What Q(31.5, "degC") - Q(24.0, "degC") gives: 7.5 degrees of difference, so that
    .to("degF") gives 13.5, not the 45.5 degF that the temperature 7.5 degC is."""

    def to(self, units: str | Units) -> TemperatureDelta:
        dst = self._registry.parse_units(units)
        if dst.dimensionality != self.units.dimensionality:
            raise DimensionalityError(self.units, dst)
        return TemperatureDelta(self.magnitude * self.units.scale / dst.scale, dst)'''

_SUB_SUBCLASS = r"""    def __sub__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "subtract")
        magnitude = self.magnitude - other.to(self.units).magnitude
        if self.units.is_offset and other.units.is_offset:
            # two temperatures: their difference converts by scale alone (#407)
            from ._temperature import TemperatureDelta

            return TemperatureDelta(magnitude, self.units)
        return Quantity(magnitude, self.units)"""

_SUB_DELTA = r"""    def __sub__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "subtract")
        magnitude = self.magnitude - other.to(self.units).magnitude
        if self.units.is_offset and other.units.is_offset:
            # two temperatures: the difference is in the delta unit, delta_degC for degC (#407)
            return Quantity(magnitude, self.units.delta)
        return Quantity(magnitude, self.units)"""

_REGISTRY = r'''_CACHE_DIR = Path(os.environ.get("MEASURAND_CACHE_DIR", "~/.cache/measurand")).expanduser()
_DEFINITIONS = "default_units.txt"


@dataclass(frozen=True)
class Unit:
    """One named unit of the registry, as default_units.txt defines it: kelvin, degC, foot."""

    name: str
    symbol: str
    dimensionality: Dimensionality
    scale: float  # to the base unit of its dimension
    offset: float = 0.0  # added before scaling: 273.15 for degC, 459.67 for degF
    registry: UnitRegistry | None = field(default=None, compare=False, repr=False)

    @property
    def is_offset(self) -> bool:
        return self.offset != 0.0


class Units:
    """A product of powers of units, as a quantity carries them: m/s is {m: 1, s: -1}."""

    def __init__(self, powers: Mapping[Unit, int]) -> None:
        self._powers = {unit: power for unit, power in powers.items() if power}

    def _single(self) -> Unit | None:
        """The unit, when these units are one unit to the first power."""
        if len(self._powers) == 1:
            ((unit, power),) = self._powers.items()
            if power == 1:
                return unit
        return None

    @property
    def dimensionality(self) -> Dimensionality:
        return Dimensionality.product(
            (u.dimensionality, p) for u, p in self._powers.items()
        )

    @property
    def scale(self) -> float:
        return math.prod(u.scale**p for u, p in self._powers.items())

    @property
    def offset(self) -> float:
        # only a lone offset unit to the first power keeps its offset: degC, not degC/s
        unit = self._single()
        return unit.offset if unit is not None else 0.0

    @property
    def is_offset(self) -> bool:
        return self.offset != 0.0

    def __str__(self) -> str:
        return format_units(self._powers)'''

_UNIT_DELTA = r'''    @property
    def is_offset(self) -> bool:
        return self.offset != 0.0

    @property
    def delta(self) -> Unit:
        """The unit of a difference of two of these: delta_degC for degC (#407); the unit
        itself when it has no offset (K, degR)."""
        if not self.is_offset:
            return self
        return self.registry.get_unit("delta_" + self.symbol)'''

_UNITS_DELTA = r'''    @property
    def is_offset(self) -> bool:
        return self.offset != 0.0

    @property
    def delta(self) -> Units:
        """The units of a difference of two quantities in these units (#407): delta_degC for
        degC; the units themselves when they have no offset."""
        unit = self._single()
        if unit is None or not unit.is_offset:
            return self
        return Units({unit.delta: 1})'''

_TESTS_DELTA = r"""        Q(20.0, "degC") + Q(30.0, "degC")


def test_difference_of_temperatures_is_a_delta():
    rise = Q(31.5, "degC") - Q(24.0, "degC")
    assert type(rise) is Quantity
    assert str(rise.units) == "delta_degC"
    assert rise.magnitude == pytest.approx(7.5)


def test_difference_converts_as_a_difference():
    rise = Q(31.5, "degC") - Q(24.0, "degC")
    # #407: a rise of 7.5 degC is a rise of 13.5 degF, not the 45.5 degF that 7.5 degC is
    assert rise.to("delta_degF").magnitude == pytest.approx(13.5)


def test_difference_in_kelvin():
    rise = Q(31.5, "degC") - Q(24.0, "degC")
    assert rise.to("K").magnitude == pytest.approx(7.5)


def test_mixed_unit_difference():
    # 75.2 degF is 24.0 degC: the right-hand side is converted into self's units first
    rise = Q(31.5, "degC") - Q(75.2, "degF")
    assert str(rise.units) == "delta_degC"
    assert rise.magnitude == pytest.approx(7.5)"""

_ADD_FIXED = r'''    def _magnitude_in_my_units(self, other: Quantity) -> float:
        """other's magnitude in self's units; a difference added to or taken from a
        temperature converts as a difference, by scale alone (#407)."""
        if self.units.is_offset and not other.units.is_offset:
            return other.to(self.units.delta).magnitude
        return other.to(self.units).magnitude

    def __add__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "add")
        if self.units.is_offset and other.units.is_offset:
            # 20 degC + 30 degC has no meaning: which zero would the sum count from?
            raise OffsetUnitCalculusError(self.units, other.units, "add")
        if other.units.is_offset:
            return other + self  # a difference plus a temperature: the temperature, moved
        return Quantity(self.magnitude + self._magnitude_in_my_units(other), self.units)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Quantity:
        other = self._coerce(other)
        self._check_dimensions(other, "subtract")
        magnitude = self.magnitude - self._magnitude_in_my_units(other)
        if self.units.is_offset and other.units.is_offset:
            # two temperatures: the difference is in the delta unit, delta_degC for degC (#407)
            return Quantity(magnitude, self.units.delta)
        return Quantity(magnitude, self.units)'''

_TESTS_ADD = r"""    assert rise.magnitude == pytest.approx(7.5)


def test_adding_a_difference_gives_a_temperature():
    rise = Q(31.5, "degC") - Q(24.0, "degC")
    # the first version of #409 gave -245.65 degC: the delta converted as a temperature
    for total in (Q(20.0, "degC") + rise, rise + Q(20.0, "degC")):
        assert str(total.units) == "degC"
        assert total.magnitude == pytest.approx(27.5)


def test_subtracting_a_difference_gives_a_temperature():
    supply = Q(31.5, "degC") - Q(13.5, "delta_degF")
    assert str(supply.units) == "degC"
    assert supply.magnitude == pytest.approx(24.0)


def test_difference_plus_difference_stays_a_difference():
    rise = Q(31.5, "degC") - Q(24.0, "degC")
    assert str((rise + rise).units) == "delta_degC"
    assert (rise + rise).magnitude == pytest.approx(15.0)"""

# test_offset.py's length once the tests for the delta are in: 58 lines, then the new ones
_OFFSET_LINES = 58 + len(_TESTS_DELTA.split("\n"))
_FAILED = (
    "tests/test_arrays.py::test_elementwise_subtract[degC-degC]",
    "tests/test_arrays.py::test_elementwise_subtract[degF-degC]",
    "tests/test_offset.py::test_difference_of_temperatures_is_a_delta",
    "tests/test_offset.py::test_difference_converts_as_a_difference",
    "tests/test_offset.py::test_difference_in_kelvin",
    "tests/test_offset.py::test_mixed_unit_difference",
)
_ATTRIBUTE_ERROR = "AttributeError: 'Units' object has no attribute 'delta'"
_SUMMARY = (
    "=========================== short test summary info ============================\n"
    + "".join(f"FAILED {t} - {_ATTRIBUTE_ERROR}\n" for t in _FAILED)
)
_FAIL_AT = (14, 15, 81, 82, 83, 84)
_SHORT_TB = (
    "_____________________________ test_mixed_unit_difference _____________________________\n"
    "tests/test_offset.py:82: in test_mixed_unit_difference\n"
    '    rise = Q(31.5, "degC") - Q(75.2, "degF")\n'
    "measurand/quantity.py:179: in __sub__\n"
    "    return Quantity(magnitude, self.units.delta)\n"
    f"E   {_ATTRIBUTE_ERROR}\n"
)
_REPRO_TB = (
    "Traceback (most recent call last):\n"
    '  File "/testbed/reproduce.py", line 4, in <module>\n'
    '    rise = Q(31.5, "degC") - Q(24.0, "degC")\n'
    "           ~~~~~~~~~~~~~~~~^~~~~~~~~~~~~~~~~\n"
    '  File "/testbed/measurand/quantity.py", line 179, in __sub__\n'
    "    return Quantity(magnitude, self.units.delta)\n"
    "                               ^^^^^^^^^^^^^^^^\n"
    f"{_ATTRIBUTE_ERROR}\n"
)

s = Script(
    "SETTING: You are an autonomous programmer, and you're working directly in the command "
    "line with a special interface. The repository is at /testbed (instance "
    "orrery-labs__measurand-407)."
)
s.user(
    "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in "
    "the directory /testbed. Consider the following issue:\n<issue>\nThe difference of two "
    "temperatures converts like a temperature\n\nmeasurand 1.8.2, Python 3.12. Our "
    "air-handler report subtracts the return air from the supply air and shows the rise in "
    "Fahrenheit for the US sites:\n\n```python\n>>> from measurand import Q\n>>> rise = "
    'Q(31.5, "degC") - Q(24.0, "degC")\n>>> rise\n<Quantity(7.5, \'degC\')>\n>>> '
    'rise.to("degF")\n<Quantity(45.5, \'degF\')>\n>>> rise.to("delta_degF")\n'
    "<Quantity(505.17, 'delta_degF')>\n>>> rise.to(\"K\")\n<Quantity(280.65, 'K')>\n```\n\n"
    "A rise of 7.5 °C is a rise of 13.5 °F, and of 7.5 K. The result of the subtraction "
    "is the temperature 7.5 °C (280.65 K), so it converts with the offset, and the US report "
    "showed rises of 45 to 50 °F for a week.\n</issue>\nMake the minimal changes to non-test "
    "files in /testbed so that the issue is resolved."
)
s.call(
    "open",
    "[File: /testbed/measurand/quantity.py (268 lines total)]\n(145 more lines above)\n"
    + _lines(146, _ARITHMETIC)
    + "(89 more lines below)\n",
    path="/testbed/measurand/quantity.py",
    line_number=172,
)
s.call(
    "create",
    "[File: /testbed/reproduce.py (9 lines total)]\n" + _lines(1, _REPRODUCE),
    filename="/testbed/reproduce.py",
)
s.call(
    "bash",
    "<Quantity(7.5, 'degC')>\n<Quantity(505.17, 'delta_degF')>\n"
    "<Quantity(280.65, 'K')>\n<Quantity(7.5, 'degC')>\n",
    command="cd /testbed && python reproduce.py",
)
s.call(
    "create",
    "[File: /testbed/measurand/_temperature.py (18 lines total)]\n" + _lines(1, _TEMPERATURE_PY),
    "Reproduced. __sub__ (quantity.py line 176) returns the difference in self's units, so "
    "31.5 degC - 24.0 degC is the temperature 7.5 degC, and to() (line 151) adds the offset "
    "before scaling: (7.5 + 273.15) K is 280.65 K, 45.5 degF. A difference of two "
    "temperatures has to convert by scale alone. I'll return a TemperatureDelta from "
    "__sub__ when both sides are offset units: a Quantity subclass, in a new "
    "measurand/_temperature.py, whose to() multiplies by the scales and ignores the offsets.",
    filename="/testbed/measurand/_temperature.py",
)
s.call(
    "edit",
    "[File: /testbed/measurand/quantity.py (274 lines total)]\n"
    + _lines(173, _SUB_SUBCLASS)
    + f"...\n{_EDITED}",
    start_line=173,
    end_line=176,
    replacement_text=_SUB_SUBCLASS + "\n",
)
s.call(
    "bash",
    "<TemperatureDelta(7.5, 'degC')>\n<TemperatureDelta(13.5, 'delta_degF')>\n"
    "<TemperatureDelta(7.5, 'K')>\n"
    "<TemperatureDelta(7.5, 'degC')>\n---\n" + _dots(316) + "316 passed in 1.94s\n",
    command="cd /testbed && python reproduce.py && echo --- && python -m pytest -q",
)
s.user(
    "No subclass, please, and no new module. Downstream code relies on type(q) is Quantity: "
    "measurand-pandas' QuantityArray checks it, so does our own __eq__ (type(other) is "
    "Quantity), and pickles would now name measurand._temperature. And your TemperatureDelta "
    "still prints 'degC', so it looks exactly like a temperature: that's the bug we're fixing, "
    "you've only hidden it. The registry already has delta_degC and delta_degF "
    "(default_units.txt, lines 118-119, for people who type them). The difference of two "
    "offset quantities is a plain Quantity in the delta unit of self's unit: "
    "Q(31.5, 'degC') - Q(24.0, 'degC') is Q(7.5, 'delta_degC'). Give the unit a delta "
    "property in registry.py and use that in __sub__. Adding two temperatures stays an "
    "OffsetUnitCalculusError."
)
s.call(
    "bash",
    "Updated 1 path from the index\n?? reproduce.py\n",
    "Understood: no subclass and no new module; the difference is a plain Quantity in "
    "delta_degC. Removing measurand/_temperature.py and restoring quantity.py.",
    command="cd /testbed && rm measurand/_temperature.py && git checkout measurand/quantity.py "
    "&& git status --short",
)
s.call(
    "open",
    "[File: /testbed/measurand/registry.py (301 lines total)]\n(23 more lines above)\n"
    + _lines(24, _REGISTRY)
    + "(222 more lines below)\n",
    path="/testbed/measurand/registry.py",
    line_number=24,
)
s.call(
    "edit",
    "[File: /testbed/measurand/registry.py (309 lines total)]\n"
    + _lines(39, _UNIT_DELTA)
    + f"...\n{_EDITED}",
    start_line=39,
    end_line=41,
    replacement_text=_UNIT_DELTA + "\n",
)
s.call(
    "edit",
    "[File: /testbed/measurand/quantity.py (272 lines total)]\n"
    + _lines(173, _SUB_DELTA)
    + f"...\n{_EDITED}",
    start_line=173,
    end_line=176,
    replacement_text=_SUB_DELTA + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_offset.py ({_OFFSET_LINES} lines total)]\n"
    + _lines(59, _TESTS_DELTA)
    + _EDITED,
    start_line=59,
    end_line=59,
    replacement_text=_TESTS_DELTA + "\n",
)
s.call(
    "bash",
    _REPRO_TB + "---\n" + _SHORT_TB + _SUMMARY + "6 failed, 314 passed in 2.31s\n",
    command="cd /testbed && python reproduce.py; echo ---; "
    "python -m pytest -q --tb=short 2>&1 | tail -13",
)
s.call(
    "bash",
    _dots(314, _FAIL_AT) + _SUMMARY + "6 failed, 314 passed in 2.87s\n",
    "Six failures, every one AttributeError on .delta, yet the property is right there on "
    "Unit in registry.py. The registry does not parse default_units.txt on every import: it "
    "unpickles its units from the definitions cache in ~/.cache/measurand (_CACHE_DIR, line "
    "24), written by the earlier test runs before the edit, and quantity.py was checked out "
    "and edited again within seconds. So this looks like a stale definitions cache, with stale "
    "bytecode on top. Clearing ~/.cache/measurand and __pycache__ and running again.",
    command="cd /testbed && rm -rf ~/.cache/measurand && find . -name __pycache__ -prune "
    "-exec rm -rf {} + && python -m pytest -q --tb=no",
)
s.call(
    "edit",
    "[File: /testbed/measurand/registry.py (318 lines total)]\n"
    + _lines(82, _UNITS_DELTA)
    + f"...\n{_EDITED}",
    "The same six fail with a fresh cache and fresh bytecode, so it is the code. Reading the "
    "message again, it says 'Units', not 'Unit': Quantity.units is a Units, the product of "
    "unit powers (registry.py line 52), and the property I added is on Unit, the single "
    "definition. Adding Units.delta: for one offset unit to the first power it gives the "
    "Units of that unit's delta, otherwise the units themselves.",
    start_line=82,
    end_line=84,
    replacement_text=_UNITS_DELTA + "\n",
)
s.call(
    "bash",
    _dots(320) + "320 passed in 2.02s\n---\n<Quantity(7.5, 'delta_degC')>\n"
    "<Quantity(13.5, 'delta_degF')>\n<Quantity(7.5, 'K')>\n"
    "<Quantity(7.5, 'delta_degC')>\n",
    command="cd /testbed && python -m pytest -q && echo --- && python reproduce.py",
)
s.user(
    "@ngozi-eze reviewed PR #409. Her points, and my answers:\n\n"
    "> 1. Mixed units: Q(31.5, 'degC') - Q(75.2, 'degF') must convert the right-hand side "
    "into self's units first and come out in delta_degC, not delta_degF.\n\n"
    "That's already the case: __sub__ converts other into self.units before it subtracts, "
    "and test_mixed_unit_difference covers it. Nothing to do.\n\n"
    "> 2. Why not give every difference in kelvin, the way astropy does? One rule, and no "
    "delta units at all.\n\n"
    "I answered on the PR: a difference stays in the scale of the left-hand side, so a report "
    "that subtracts degF gets delta_degF back; kelvin would make every caller convert back "
    "again. No change.\n\n"
    "> 3. Q(20, 'degC') * 2 gives 40 degC, which is as wrong as this bug. It should raise "
    "OffsetUnitCalculusError too.\n\n"
    "Agreed, but people scale Celsius on purpose, so that needs a deprecation cycle. I opened "
    "#412 for it. Leave __mul__ alone in this PR.\n\n"
    "> 4. Adding a difference back onto a temperature is broken on the branch: "
    "Q(20, 'degC') + (Q(31.5, 'degC') - Q(24.0, 'degC')) gives -245.65 degC, because "
    "__add__ converts the delta as if it were a temperature. Fix it, with a test, and update "
    "the example in docs/offset-units.md, which still shows <Quantity(7.5, 'degC')>.\n\n"
    "Still to do: the __add__ fix and its test first, then the docs example."
)
s.call(
    "edit",
    "[File: /testbed/measurand/quantity.py (281 lines total)]\n"
    + _lines(163, _ADD_FIXED)
    + f"...\n{_EDITED}",
    "__add__ converts other with other.to(self.units), an absolute conversion: 7.5 "
    "delta_degC is 7.5 K, which is -265.65 degC, and 20 + (-265.65) is the -245.65. A "
    "temperature plus or minus a difference has to convert the difference to self's delta "
    "unit instead, and a difference plus a temperature is the same sum the other way round.",
    start_line=163,
    end_line=180,
    replacement_text=_ADD_FIXED + "\n",
)
s.call(
    "edit",
    f"[File: /testbed/tests/test_offset.py ({_OFFSET_LINES - 1 + len(_TESTS_ADD.split(chr(10)))} "
    "lines total)]\n" + _lines(_OFFSET_LINES, _TESTS_ADD) + _EDITED,
    start_line=_OFFSET_LINES,
    end_line=_OFFSET_LINES,
    replacement_text=_TESTS_ADD + "\n",
)
s.call(
    "bash",
    _dots(323) + "323 passed in 2.06s\n---\n<Quantity(27.5, 'degC')> <Quantity(27.5, 'degC')>\n"
    "---\n M measurand/quantity.py\n M measurand/registry.py\n M tests/test_offset.py\n"
    "?? reproduce.py\n",
    command='cd /testbed && python -m pytest -q && echo --- && python -c "from measurand '
    "import Q; rise = Q(31.5, 'degC') - Q(24.0, 'degC'); print(repr(Q(20, 'degC') + rise), "
    "repr(rise + Q(20, 'degC')))\" && echo --- && git status --short",
)
s.say(
    "The __add__ fix is in: a temperature plus or minus a difference converts the difference "
    "by scale alone, so Q(20, 'degC') + rise is 27.5 degC in either order, and the three new "
    "tests in tests/test_offset.py pass with the other 320 (323 in all). Of the review, point "
    "1 is what is left: mixed units. Q(31.5, 'degC') - Q(75.2, 'degF') has to come out as 7.5 "
    "delta_degC. Next I'll make Quantity.__sub__ convert the right-hand side into self's units "
    "before it subtracts, and add a test_mixed_unit_difference for it."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Resolve orrery-labs__measurand-407: in measurand 1.8.2 Quantity.__sub__ keeps "
             "self's units, so the difference of two temperatures, Q(31.5, 'degC') - Q(24.0, "
             "'degC'), is the temperature 7.5 degC and converts with the offset (45.5 degF, "
             "505.17 delta_degF, 280.65 K) instead of as a difference (13.5 delta_degF, 7.5 K); "
             "minimal changes to non-test files.",
             must=(("difference", "rise", "subtract", "delta"),
                   ("temperature", "degc", "offset")),
             partial_means="Temperatures converting wrongly without it being the difference "
                           "of two, or the reverse.",
             wrong="Multiplying a temperature by a number, or adding two temperatures, given "
                   "as the task."),
    Question("latest_request", "What did the user last ask?",
             "@ngozi-eze's review of PR #409 with the user's answers: (1) mixed units convert "
             "the right-hand side first, already the case; (2) no kelvin for every difference "
             "(answered on the PR); (3) a temperature times a number is #412, leave __mul__ "
             "alone; (4) adding a difference back onto a temperature gave -245.65 degC: fix "
             "__add__ with a test, then update the docs/offset-units.md example, both to do.",
             must=(("-245.65", "__add__", "adding a difference", "offset-units.md",
                    "docs example"),
                   ("#412", "astropy", "kelvin", "ngozi", "answered on the pr",
                    "leave __mul__")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ngozi", "answer", "point"),
             partial_means="One of the points to act on, without the review it came in.",
             wrong="Making __mul__ raise in this PR; giving every difference in kelvin.",
             stale_means="The issue itself, or the user's no-subclass correction, given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Update the example in docs/offset-units.md, which still shows "
             "<Quantity(7.5, 'degC')>, to the delta_degC result, run pytest, delete "
             "reproduce.py and submit. The __add__ fix and its tests are in; mixed units were "
             "handled before the review (test_mixed_unit_difference passes); __mul__ is #412.",
             must=(("offset-units.md", "docs example", "docs/offset-units"),
                   ("reproduce.py", "submit", "pytest")),
             stale=("mixed unit", "75.2", "right-hand side", "__mul__", "#412",
                    "temperaturedelta", "_temperature.py"),
             partial_means="The docs example without what follows it, or only 'submit'.",
             wrong="Giving every difference in kelvin; writing the __add__ fix again.",
             stale_means="Says to make __sub__ convert the right-hand side for mixed units "
                         "(done before the review, and tested), to make __mul__ raise (put off "
                         "to #412), or to go back to TemperatureDelta."),
    Question("files_edited", "Which files were changed, and why?",
             "measurand/registry.py: a delta property on Unit (delta_ + symbol from the "
             "registry) and on Units (for one offset unit to the first power); "
             "measurand/quantity.py: __sub__ of two temperatures returns a plain Quantity in "
             "self.units.delta, and _magnitude_in_my_units() converts a difference added to or "
             "taken from a temperature by scale; tests/test_offset.py: seven tests (the delta, "
             "its conversions, mixed units, adding and subtracting a difference, two "
             "temperatures still raising). measurand/_temperature.py (TemperatureDelta) was "
             "created and deleted and quantity.py checked out again; reproduce.py is scratch.",
             must=(("measurand/quantity.py", "quantity.py"),
                   ("registry.py",),
                   ("test_offset.py",)),
             stale=("_temperature.py", "temperaturedelta"),
             partial_means="quantity.py without registry.py, or without the tests.",
             wrong="default_units.txt or docs/offset-units.md given as changed.",
             stale_means="measurand/_temperature.py (TemperatureDelta) listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The difference of two offset quantities is a plain Quantity in the delta unit of "
             "self's unit (Q(7.5, 'delta_degC')), found through a delta property in "
             "registry.py on the delta_degC and delta_degF already in default_units.txt; a "
             "difference added to a temperature converts by scale; two temperatures still "
             "cannot be added. It rules out a TemperatureDelta Quantity subclass in a new "
             "measurand/_temperature.py (downstream checks type(q) is Quantity, and it still "
             "printed 'degC'), any new module, and (review) kelvin for every difference.",
             must=(("delta_degc", "delta unit", "plain quantity", ".delta"),
                   ("subclass", "temperaturedelta", "_temperature.py", "new module",
                    "type(other) is quantity", "type(q) is quantity")),
             stale=("temperaturedelta", "_temperature.py", "quantity subclass"),
             partial_means="The delta unit without what it rules out.",
             wrong="Every difference in kelvin; making __mul__ raise.",
             stale_means="TemperatureDelta, a Quantity subclass in measurand/_temperature.py "
                         "whose to() ignores offsets, given as the design."),
    Question("review", "What did the review find?",
             "@ngozi-eze on PR #409: (1) mixed units, Q(31.5, 'degC') - Q(75.2, 'degF'), must "
             "convert the right-hand side first and give delta_degC (already the case, "
             "test_mixed_unit_difference); (2) why not kelvin for every difference, as astropy "
             "does (answered on the PR: the difference keeps the left-hand side's scale); (3) "
             "Q(20, 'degC') * 2 gives 40 degC (put off to #412, leave __mul__ alone); (4) "
             "adding a difference back onto a temperature gave -245.65 degC (the __add__ fix "
             "and its tests done since) and the docs/offset-units.md example (still to do).",
             must=(("mixed unit", "75.2", "right-hand side"),
                   ("kelvin", "astropy"),
                   ("__mul__", "* 2", "#412", "multipl"),
                   ("-245.65", "adding a difference", "__add__", "offset-units.md")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ngozi", "point"),
             partial_means="Two or three of the four points, or the points without how each "
                           "was answered.",
             wrong="The AttributeError or the no-subclass correction given as a review point."),
    Question("corrections", "How did the user correct the agent?",
             "No subclass and no new module: downstream code (measurand-pandas' QuantityArray, "
             "quantity's own __eq__) relies on type(q) is Quantity, pickles would name "
             "measurand._temperature, and TemperatureDelta still printed 'degC', hiding the "
             "bug. The difference of two offset quantities is a plain Quantity in the delta "
             "unit of self's unit (delta_degC, already in default_units.txt), through a delta "
             "property in registry.py; adding two temperatures stays an error.",
             must=(("subclass", "new module", "type(q) is quantity", "type(other) is quantity",
                    "temperaturedelta"),
                   ("delta_degc", "delta unit", "plain quantity", ".delta")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "never", "wants", "ruled out", "rejected"),
             partial_means="The delta unit without what it replaces, or the reverse.",
             wrong="The review's points given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "With the delta design, six tests and reproduce.py failed with \"AttributeError: "
             "'Units' object has no attribute 'delta'\": the property was on Unit, the single "
             "definition, but Quantity.units is a Units. Clearing the definitions cache in "
             "~/.cache/measurand and __pycache__ and re-running gave the same six failures; "
             "adding a delta property to Units fixed it. Then the reviewer's -245.65 degC: "
             "__add__ converted the difference as a temperature, fixed by converting it to "
             "self's delta unit.",
             must=(("no attribute", "attributeerror"),
                   ("units.delta", "to units", "on units", "units class", "class units",
                    "units (what", "units, not unit")),
             stale=("fixed by clearing", "fixed by removing", "fixed by a re-run",
                    "fixed by re-running", "fixed by rm", "stale definitions cache"),
             partial_means="The AttributeError without its fix, or only the -245.65 degC.",
             wrong="An OffsetUnitCalculusError or a DimensionalityError given as the failure.",
             stale_means="The AttributeError 'fixed' by clearing ~/.cache/measurand and "
                         "__pycache__ and a re-run, or put down to a stale definitions cache."),
    Question("key_values", "Which key values matter?",
             "measurand 1.8.2 on Python 3.12; 31.5 - 24.0 degC is a rise of 7.5, which is 13.5 "
             "delta_degF and 7.5 K, not 45.5 degF, 505.17 delta_degF or 280.65 K; 75.2 degF is "
             "24.0 degC; the add bug gave -245.65 degC, fixed gives 27.5 degC; 316 tests "
             "before, 6 failed, 323 pass now; issue #407, PR #409, #412 (__mul__); "
             "default_units.txt lines 118-119.",
             must=(("13.5", "45.5", "280.65", "505.17", "1.8.2", "#407"),
                   ("323 passed", "323 tests", "#409", "#412")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "measurand/quantity.py holds Quantity: to() and the arithmetic (__add__, "
             "__sub__); measurand/registry.py holds Unit (one definition), Units (what a "
             "quantity carries) and the registry with its cache in ~/.cache/measurand; "
             "default_units.txt the unit definitions (delta_degC, delta_degF); "
             "tests/test_offset.py the offset-unit tests; reproduce.py a scratch repro.",
             must=(("quantity.py",),
                   ("registry.py", "reproduce.py", "scratch", "default_units.txt",
                    "test_offset.py")),
             partial_means="The files named without what they hold.",
             wrong="measurand/_temperature.py as what converts the differences."),
    Question("pending", "What work is still pending?",
             "Updating the docs/offset-units.md example, a pytest run, deleting reproduce.py "
             "and submitting; making a temperature times a number raise is left to #412.",
             must=(("offset-units.md", "docs example", "docs/offset-units"),
                   ("reproduce.py", "submit")),
             partial_means="The docs example without the rest, or the reverse.",
             wrong="The __add__ fix or mixed units as pending."),
    Question("state", "What is the state of the work?",
             "quantity.py gives the difference of two temperatures in the delta unit and adds "
             "a difference to a temperature by scale (Units.delta and Unit.delta in "
             "registry.py); all 323 tests pass and the repro prints 7.5 delta_degC, 13.5 "
             "delta_degF, 7.5 K; docs/offset-units.md is not updated, reproduce.py is still in "
             "the tree, nothing is committed or submitted.",
             must=(("323 passed", "323 tests", "tests pass"),
                   ("not updated", "not submitted", "offset-units.md", "docs example")),
             partial_means="The fix without what remains.",
             wrong="Says it is submitted, or __mul__ changed.",
             stale_means="Says __sub__ returns a TemperatureDelta."),
)  # fmt: skip

PRODUCTION = None  # SWE-agent trajectories carry no compaction
