"""OpenAI chat with function tools: CSV export of reports; pandas ruled out, a Windows
encoding error fixed by the file's encoding, a user correction on the delimiter, the user's
own review of the output."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script("You are a helpful coding assistant with tools to read, edit and test the repository.")
s.user(
    "Add a CSV export to the reports module: `reports export --format csv` should write the "
    "monthly report to a file. Finance opens these in Excel."
)
s.call(
    "read_file",
    "def export(report, fmt, out):\n    if fmt == 'json':\n        json.dump(report.rows, out)\n"
    "    else:\n        raise ValueError(f'unknown format {fmt}')\n",
    path="reports/export.py",
)
s.say(
    "Two options: pandas' to_csv, or the standard csv module. pandas is not a dependency of "
    "reports and would add ~30 MB to the install, so I'll use csv.writer with QUOTE_MINIMAL; "
    "that rules out pandas."
)
s.call(
    "edit_file",
    "Edited reports/export.py",
    path="reports/export.py",
    old="    else:\n",
    new="    elif fmt == 'csv':\n        writer = csv.writer(out, delimiter=',', quoting=csv.QUOTE_MINIMAL)\n"
    "        writer.writerow(report.columns)\n        writer.writerows(report.rows)\n    else:\n",
)
s.user(
    "Use a semicolon as the delimiter, not a comma: our finance team's Excel is set to German "
    "locale and the amounts use decimal commas."
)
s.call(
    "edit_file",
    "Edited reports/export.py",
    path="reports/export.py",
    old="delimiter=','",
    new="delimiter=';'",
)
s.call(
    "run_tests",
    "FAILED tests/test_export.py::test_csv_umlauts - UnicodeEncodeError: 'charmap' codec can't "
    "encode character '\\u00fc' in position 14: character maps to <undefined>\n"
    "1 failed, 31 passed in 0.84s",
    path="tests/test_export.py",
)
s.say(
    "On Windows the default encoding is cp1252, which cannot write 'ü' in 'Müller GmbH'. "
    "Opening the output with encoding='utf-8-sig' and newline='' fixes it; the BOM also makes "
    "Excel detect UTF-8."
)
s.call(
    "edit_file",
    "Edited reports/cli.py",
    path="reports/cli.py",
    old="    with open(args.out, 'w') as out:\n",
    new="    with open(args.out, 'w', encoding='utf-8-sig', newline='') as out:\n",
)
s.call("run_tests", "32 passed in 0.79s", path="tests/test_export.py")
s.user(
    "I opened the export in Excel: the header row is fine, but the amounts column shows 1234.5 "
    "instead of 1.234,50. Format amounts with two decimals and a decimal comma in the CSV. "
    "Also add the export to the docs."
)
s.say(
    "I'll add format_amount() to reports/formatting.py (two decimals, decimal comma, no "
    "thousands separator) and use it for the amount columns in the CSV branch, then document "
    "`--format csv` in docs/reports.md. Let me look at formatting.py first."
)
s.call(
    "read_file",
    "def format_date(d):\n    return d.strftime('%d.%m.%Y')\n",
    path="reports/formatting.py",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Add `reports export --format csv` writing the monthly report to a file, for "
             "finance to open in Excel.", must=(("csv",), ("export",))),
    Question("latest_request", "What did the user last ask?",
             "Amounts with two decimals and a decimal comma (1.234,50 not 1234.5) in the CSV, "
             "and document the export.",
             must=(("decimal comma", "two decimals", "1.234,50", "1234.5"), ("doc",))),
    Question("next_step", "What exactly is the next step?",
             "Add format_amount() to reports/formatting.py and use it for the amount columns in "
             "the CSV branch; then document --format csv in docs/reports.md.",
             must=(("format_amount",), ("formatting.py", "amount")),
             stale=("look at formatting.py first",)),
    Question("files_edited", "Which files were changed, and why?",
             "reports/export.py (the csv branch, semicolon delimiter); reports/cli.py (open with "
             "utf-8-sig, newline='').", must=(("export.py",), ("cli.py",)), spread=True),
    Question("decisions", "What was decided, and what does it rule out?",
             "The standard csv module (csv.writer, QUOTE_MINIMAL), ruling out pandas (not a "
             "dependency, ~30 MB); semicolon delimiter for German Excel.",
             must=(("csv module", "csv.writer"), ("pandas",))),
    Question("review", "What did the review find?",
             "The user's check in Excel: header fine, amounts show 1234.5 instead of 1.234,50.",
             must=(("1234.5", "1.234,50"),),
             cue=("excel", "review", "found", "shows", "opened", "checked")),
    Question("corrections", "How did the user correct the agent?",
             "Semicolon delimiter, not comma (German-locale Excel, decimal commas).",
             must=(("semicolon", "';'"),)),
    Question("errors", "Which errors occurred, and what fixed each?",
             "UnicodeEncodeError ('charmap' can't encode 'ü') on Windows cp1252; fixed by opening "
             "the output with encoding='utf-8-sig', newline='' in reports/cli.py.",
             must=(("unicodeencodeerror", "charmap", "cp1252"), ("utf-8-sig",))),
    Question("key_values", "Which key values matter?",
             "Delimiter ';', encoding utf-8-sig, QUOTE_MINIMAL, 32 tests passing.",
             must=(("utf-8-sig",), ("';'", "semicolon")), spread=True),
    Question("file_roles", "What is each file for?",
             "reports/export.py writes the formats; reports/cli.py opens the output file; "
             "reports/formatting.py holds the formatters (format_date, format_amount to come).",
             must=(("formatting.py",), ("format_date", "formatter", "format_amount")),),
    Question("pending", "What work is still pending?",
             "format_amount with decimal comma for the amount columns; docs/reports.md.",
             must=(("amount",), ("doc",)), spread=True,
             cue=("pending", "remaining", "todo", "to do", "next", "still", "not yet", "left",
                  "need", "then", "will")),
    Question("state", "What is the state of the work?",
             "CSV export works with ';' and utf-8-sig, 32 tests pass; amounts still unformatted, "
             "docs not written.", must=(("pass", "32"), ("amount", "doc"))),
)  # fmt: skip

PRODUCTION = None  # the chat format has no compaction of its own
