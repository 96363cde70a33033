"""Held out, seventh set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. Claude Code: two accounts called 'zoë' because the iOS
app sends usernames decomposed (e + U+0308); a listener that NFKC-casefolds every text column of
User (app/accounts/normalize.py) written, then narrowed by the user to a username_key generated
column with a unique index, the display name and bio kept as typed, the module renamed to
app/accounts/usernames.py; a ProgrammingError that quoting 'NFKC' did not fix and pinning the
test database to Postgres 16 (a config change) did; a throwaway script that lists the duplicate
accounts, deleted at the user's word; a review the user relays with three findings: one answered
by a test and no change, one left to support and the PR description, one out of scope; the
assistant's last words name the script's deletion, done two calls before. The production
compaction is Claude Code's full nine-section one."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are Claude Code, Anthropic's CLI for Claude. Working directory: /home/omar/quayside"
)
s.user(
    "Support found two accounts both called 'zoë', one signed up on the web and one from the "
    "iOS app, and the iOS one can't log in on the web: 'no such user'. I think the iOS app "
    "sends usernames decomposed. Signup and login are in app/accounts/service.py, the model is "
    "app/accounts/models.py. Usernames that look the same should be the same user."
)
s.call(
    "Read",
    "     1→from sqlalchemy import select\n     2→from sqlalchemy.orm import Session\n"
    "     3→\n     4→from .models import User\n"
    "     5→from .passwords import hash_password, verify_password\n     6→\n     7→\n"
    "     8→class UsernameTaken(Exception):\n     9→    pass\n    10→\n    11→\n"
    "    12→def signup(db: Session, username: str, password: str, display_name: str) -> User:\n"
    "    13→    if db.scalar(select(User).where(User.username == username)):\n"
    "    14→        raise UsernameTaken(username)\n"
    "    15→    user = User(username=username, display_name=display_name,\n"
    "    16→                password_hash=hash_password(password))\n"
    "    17→    db.add(user)\n    18→    db.commit()\n    19→    return user\n    20→\n    21→\n"
    "    22→def login(db: Session, username: str, password: str) -> User | None:\n"
    "    23→    user = db.scalar(select(User).where(User.username == username))\n"
    "    24→    if user and verify_password(password, user.password_hash):\n"
    "    25→        return user\n    26→    return None\n",
    file_path="/home/omar/quayside/app/accounts/service.py",
)
s.call(
    "Read",
    "     1→from sqlalchemy import String, Text\n"
    "     2→from sqlalchemy.orm import Mapped, mapped_column\n     3→\n"
    "     4→from app.db import Base\n     5→\n     6→\n     7→class User(Base):\n"
    '     8→    __tablename__ = "users"\n     9→\n'
    "    10→    id: Mapped[int] = mapped_column(primary_key=True)\n"
    "    11→    username: Mapped[str] = mapped_column(String(40), unique=True)\n"
    "    12→    display_name: Mapped[str] = mapped_column(String(80))\n"
    '    13→    bio: Mapped[str] = mapped_column(Text, default="")\n'
    "    14→    password_hash: Mapped[str] = mapped_column(String(200))\n",
    file_path="/home/omar/quayside/app/accounts/models.py",
)
s.call(
    "Bash",
    "  id  | username |     hex\n------+----------+------------\n"
    " 1182 | zoë      | 7a6fc3ab\n 4410 | zoë      | 7a6f65cc88\n(2 rows)\n",
    command='psql "$DATABASE_URL" -c "select id, username, encode(convert_to(username, '
    "'UTF8'), 'hex') as hex from users where username like 'zo%' order by id\"",
    description="Look at the two zoë accounts' bytes",
)
s.say(
    "Confirmed: account 1182 is 'zoë' with the precomposed U+00EB (c3ab), account 4410 is 'zoe' "
    "followed by U+0308 COMBINING DIAERESIS (65 cc88). Different bytes, so the unique "
    "constraint and the == lookups in service.py see two different users.\n\nPlan: make text "
    "canonical on the way in. A new app/accounts/normalize.py registers a SQLAlchemy "
    "before_insert/before_update listener on User that runs every string column (username, "
    "display_name, bio) through NFKC and casefold(), and service.py looks usernames up by the "
    "same canonical form, so 'Zoë', 'ZOË' and the decomposed form are one user."
)
s.call(
    "Write",
    "File created successfully at: /home/omar/quayside/app/accounts/normalize.py",
    file_path="/home/omar/quayside/app/accounts/normalize.py",
    content="import unicodedata\n\nfrom sqlalchemy import event\n\nfrom .models import User\n\n"
    "_TEXT_COLUMNS = ('username', 'display_name', 'bio')\n\n\n"
    "def canonical(text: str) -> str:\n"
    "    return unicodedata.normalize('NFKC', text).casefold()\n\n\n"
    "@event.listens_for(User, 'before_insert')\n@event.listens_for(User, 'before_update')\n"
    "def _normalize_all(mapper, connection, target) -> None:\n"
    "    for column in _TEXT_COLUMNS:\n        value = getattr(target, column)\n"
    "        if value:\n            setattr(target, column, canonical(value))\n",
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/service.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/service.py",
    old_string="from .models import User\n",
    new_string="from .models import User\nfrom .normalize import canonical\n",
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/service.py has been updated. All occurrences of "
    "'User.username == username' were replaced with 'User.username == canonical(username)'.",
    file_path="/home/omar/quayside/app/accounts/service.py",
    old_string="User.username == username",
    new_string="User.username == canonical(username)",
    replace_all=True,
)
s.user(
    "Narrower than that. Only the login needs a canonical key. Display names and bios are what "
    "people typed and stay that way: casefold() would turn 'Zoë van Dijk' into 'zoë van dijk', "
    "and NFKC rewrites things like the 'ﬁ' ligature and full-width letters. Even username stays "
    "stored as typed, it's what profiles show. Add a username_key column, "
    "lower(normalize(username, NFKC)), as a Postgres generated column so the 41k existing rows "
    "get it too, with a unique index, and look users up by it. No listener. Keep a helper for "
    "the Python side of the lookup, but name the module for what it is: usernames.py."
)
s.call(
    "Bash",
    "",
    command="mv app/accounts/normalize.py app/accounts/usernames.py",
    description="Rename the module to usernames.py",
)
s.call(
    "Write",
    "The file /home/omar/quayside/app/accounts/usernames.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/usernames.py",
    content="import unicodedata\n\n\n"
    "def username_key(username: str) -> str:\n"
    '    """The login key, as Postgres computes users.username_key: what looks the same is\n'
    '    the same user. The username itself is stored and shown as typed."""\n'
    "    return unicodedata.normalize('NFKC', username).lower()\n",
)
s.call(
    "Write",
    "The file /home/omar/quayside/app/accounts/models.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/models.py",
    content="from sqlalchemy import Computed, Index, String, Text\n"
    "from sqlalchemy.orm import Mapped, mapped_column\n\nfrom app.db import Base\n\n\n"
    'class User(Base):\n    __tablename__ = "users"\n'
    '    __table_args__ = (Index("ix_users_username_key", "username_key", unique=True),)\n\n'
    "    id: Mapped[int] = mapped_column(primary_key=True)\n"
    "    username: Mapped[str] = mapped_column(String(40), unique=True)\n"
    "    # generated by Postgres, so every row has it, old or new: see usernames.username_key\n"
    "    username_key: Mapped[str] = mapped_column(\n"
    '        String(40), Computed("lower(normalize(username, NFKC))")\n    )\n'
    "    display_name: Mapped[str] = mapped_column(String(80))\n"
    '    bio: Mapped[str] = mapped_column(Text, default="")\n'
    "    password_hash: Mapped[str] = mapped_column(String(200))\n",
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/service.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/service.py",
    old_string="from .normalize import canonical\n",
    new_string="from .usernames import username_key\n",
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/service.py has been updated. All occurrences of "
    "'User.username == canonical(username)' were replaced with "
    "'User.username_key == username_key(username)'.",
    file_path="/home/omar/quayside/app/accounts/service.py",
    old_string="User.username == canonical(username)",
    new_string="User.username_key == username_key(username)",
    replace_all=True,
)
s.call(
    "Write",
    "File created successfully at: /home/omar/quayside/tests/accounts/test_usernames.py",
    file_path="/home/omar/quayside/tests/accounts/test_usernames.py",
    content="import pytest\n\nfrom app.accounts.service import UsernameTaken, login, signup\n\n"
    'NFC, NFD = "zo\\u00eb", "zoe\\u0308"\n\n\n'
    "def test_decomposed_signup_is_taken(db):\n"
    '    signup(db, NFC, "pw-1", "Zoë")\n    with pytest.raises(UsernameTaken):\n'
    '        signup(db, NFD, "pw-2", "Zoë")\n\n\n'
    "def test_login_with_either_form(db):\n"
    '    user = signup(db, NFC, "pw-1", "Zoë")\n'
    '    assert login(db, NFD, "pw-1") == user\n    assert login(db, "ZOË", "pw-1") == user\n\n\n'
    "def test_names_are_kept_as_typed(db):\n"
    '    user = signup(db, "ﬁona", "pw", "Zoë van Dijk")\n'
    '    assert (user.username, user.display_name) == ("ﬁona", "Zoë van Dijk")\n',
)
s.call(
    "Bash",
    "EEE\n==================================== ERRORS ====================================\n"
    "_____________ ERROR at setup of test_decomposed_signup_is_taken _____________\n"
    "tests/conftest.py:18: in db\n    Base.metadata.create_all(engine)\n"
    'E   sqlalchemy.exc.ProgrammingError: (psycopg.errors.UndefinedColumn) column "nfkc" '
    "does not exist\n"
    "E   LINE 6:  username_key VARCHAR(40) GENERATED ALWAYS AS (lower(normalize(username, "
    "NFKC))) STORED,\n"
    "ERROR tests/accounts/test_usernames.py::test_decomposed_signup_is_taken - "
    "sqlalchemy.exc.ProgrammingError\n"
    "ERROR tests/accounts/test_usernames.py::test_login_with_either_form - "
    "sqlalchemy.exc.ProgrammingError\n"
    "ERROR tests/accounts/test_usernames.py::test_names_are_kept_as_typed - "
    "sqlalchemy.exc.ProgrammingError\n3 errors in 1.02s\n",
    command="pytest tests/accounts -q",
    description="Run the account tests",
)
s.say(
    "Postgres reads NFKC as a column name. normalize() probably wants the form as a string "
    "literal; quoting it as 'NFKC'."
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/models.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/models.py",
    old_string='Computed("lower(normalize(username, NFKC))")',
    new_string="Computed(\"lower(normalize(username, 'NFKC'))\")",
)
s.call(
    "Bash",
    "EEE\n==================================== ERRORS ====================================\n"
    "_____________ ERROR at setup of test_decomposed_signup_is_taken _____________\n"
    "E   sqlalchemy.exc.ProgrammingError: (psycopg.errors.UndefinedFunction) function "
    "normalize(character varying, unknown) does not exist\n"
    "E   HINT:  No function matches the given name and argument types. You might need to add "
    "explicit type casts.\n3 errors in 0.97s\n",
    command="pytest tests/accounts -q",
    description="Re-run the account tests",
)
s.say(
    "Quoting didn't help: now Postgres has no normalize() at all for these arguments. "
    "normalize() only exists from PostgreSQL 13 on, so checking which server the tests use."
)
s.call(
    "Bash",
    " PostgreSQL 12.17 on x86_64-pc-linux-musl, compiled by gcc (Alpine 12.2.1) 12.2.1, 64-bit\n"
    "docker-compose.yml:4:    image: postgres:16.4-alpine\n"
    "docker-compose.test.yml:3:    image: postgres:12-alpine\n",
    command="docker compose -f docker-compose.test.yml exec -T db psql -U quayside -tc "
    "'select version()' && grep -n 'image: postgres' docker-compose.yml "
    "docker-compose.test.yml",
    description="Check the test database's Postgres version",
)
s.say(
    "That's the cause: the test database is Postgres 12.17 while docker-compose.yml (what "
    "production runs) is 16.4, and 12 has no normalize(). The model was right; the test config "
    "is stale. Pinning docker-compose.test.yml to production's image and putting NFKC back "
    "unquoted, the documented form."
)
s.call(
    "Edit",
    "The file /home/omar/quayside/docker-compose.test.yml has been updated.",
    file_path="/home/omar/quayside/docker-compose.test.yml",
    old_string="    image: postgres:12-alpine\n",
    new_string="    image: postgres:16.4-alpine  # the same as docker-compose.yml\n",
)
s.call(
    "Edit",
    "The file /home/omar/quayside/app/accounts/models.py has been updated.",
    file_path="/home/omar/quayside/app/accounts/models.py",
    old_string="Computed(\"lower(normalize(username, 'NFKC'))\")",
    new_string='Computed("lower(normalize(username, NFKC))")',
)
s.call(
    "Bash",
    " Container quayside-test-db-1  Recreated\n Container quayside-test-db-1  Started\n"
    "...\n3 passed in 1.41s\n.............................................................\n"
    "61 passed in 6.02s\n",
    command="docker compose -f docker-compose.test.yml up -d --force-recreate db && "
    "pytest tests/accounts -q && pytest -q",
    description="Recreate the test database on 16.4, run the account tests and the suite",
)
s.say(
    "All 61 pass. The existing duplicates would stop ix_users_username_key from being built on "
    "production, so writing a quick script to list them."
)
s.call(
    "Write",
    "File created successfully at: /home/omar/quayside/scripts/find_dup_usernames.py",
    file_path="/home/omar/quayside/scripts/find_dup_usernames.py",
    content="from sqlalchemy import text\n\nfrom app.db import engine\n\n"
    'SQL = """select lower(normalize(username, NFKC)) as k, array_agg(id order by id)\n'
    '         from users group by k having count(*) > 1"""\n\n'
    "with engine.connect() as conn:\n    for key, ids in conn.execute(text(SQL)):\n"
    "        print(key, ids)\n",
)
s.call(
    "Bash",
    "zoë [1182, 4410]\nandré [2051, 3977]\nmüller [815, 6120, 6121]\n",
    command='DATABASE_URL="$STAGING_RO_URL" python scripts/find_dup_usernames.py',
    description="List duplicate usernames on the staging copy",
)
s.say(
    "Done. Usernames are stored and shown as typed; Postgres generates username_key = "
    "lower(normalize(username, NFKC)) for every row, ix_users_username_key makes it unique, and "
    "signup() and login() look users up by username_key(). The staging copy has three groups "
    "of duplicates: zoë (1182, 4410), andré (2051, 3977) and müller (815, 6120, 6121); they "
    "have to be merged before the index can be built on production. All 61 tests pass."
)
s.user(
    "Priya reviewed the branch:\n"
    "1. Python's str.lower() and Postgres's lower() might not agree on every character (she "
    "named 'İ', the Turkish dotted capital I, and 'ẞ'); where they disagree the user can't log "
    "in.\n"
    "2. The unique index will fail to build on production because of the duplicates your "
    "script found.\n"
    "3. NFKC doesn't catch look-alikes from other scripts ('раypal' with a Cyrillic р and а); "
    "she'd like a confusables check.\n"
    "For 1, don't change the code on a hunch: add a test that username_key() gives exactly "
    "what the database computes for a list of tricky names; if it passes, the code stays. For "
    "2, support will merge those accounts by hand before the deploy, no code for it: delete "
    "the script and put the three groups in the PR description. 3 is out of scope. Then "
    "commit, push the branch and open the PR."
)
s.call(
    "Bash",
    " M app/accounts/models.py\n M app/accounts/service.py\n M docker-compose.test.yml\n"
    "?? app/accounts/usernames.py\n?? tests/accounts/test_usernames.py\n",
    command="rm scripts/find_dup_usernames.py && git status --short",
    description="Delete the duplicate-listing script",
)
s.call(
    "Write",
    "The file /home/omar/quayside/tests/accounts/test_usernames.py has been updated.",
    file_path="/home/omar/quayside/tests/accounts/test_usernames.py",
    content="import pytest\nfrom sqlalchemy import text\n\n"
    "from app.accounts.service import UsernameTaken, login, signup\n"
    "from app.accounts.usernames import username_key\n\n"
    'NFC, NFD = "zo\\u00eb", "zoe\\u0308"\n\n\n'
    "def test_decomposed_signup_is_taken(db):\n"
    '    signup(db, NFC, "pw-1", "Zoë")\n    with pytest.raises(UsernameTaken):\n'
    '        signup(db, NFD, "pw-2", "Zoë")\n\n\n'
    "def test_login_with_either_form(db):\n"
    '    user = signup(db, NFC, "pw-1", "Zoë")\n'
    '    assert login(db, NFD, "pw-1") == user\n    assert login(db, "ZOË", "pw-1") == user\n\n\n'
    "def test_names_are_kept_as_typed(db):\n"
    '    user = signup(db, "ﬁona", "pw", "Zoë van Dijk")\n'
    '    assert (user.username, user.display_name) == ("ﬁona", "Zoë van Dijk")\n\n\n'
    "# Priya's point 1: the Python key must be the key Postgres generates, or the user can't\n"
    "# log in.\n"
    '@pytest.mark.parametrize("name", ["zoe\\u0308", "İstanbul", "STRAẞE", "ﬁona", "ＺＯＥ"])\n'
    "def test_python_key_matches_database(db, name):\n"
    "    got = db.scalar(text('select lower(normalize(cast(:n as text), NFKC))'), {'n': name})\n"
    "    assert username_key(name) == got\n",
)
s.call(
    "Bash",
    "........\n8 passed in 1.52s\n"
    "..................................................................\n66 passed in 6.30s\n",
    command="pytest tests/accounts -q && pytest -q",
    description="Run the account tests with the key-parity test, then the suite",
)
s.say(
    "Priya's point 1 is answered by the new test: username_key() gives what Postgres 16 "
    "computes for all five names, so the code stays as it is. All 66 tests pass. Next I'll "
    "delete "
    "scripts/find_dup_usernames.py so it doesn't end up in the PR, then push."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make usernames that look the same be the same user: two accounts called 'zoë' "
             "exist because the iOS app sends usernames decomposed (e + U+0308), and the iOS "
             "account cannot log in on the web; signup and login are in "
             "app/accounts/service.py, the model in app/accounts/models.py.",
             must=(("zoë", "decomposed", "u+0308", "look the same"),
                   ("username", "log in", "login", "signup")),
             partial_means="Usernames named without the decomposed duplicate, or the reverse.",
             wrong="A password or session bug; changing display names."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review: for 1, no code change on a hunch, add a test that username_key() "
             "matches what the database computes for tricky names (the code stays if it "
             "passes); for 2, delete the script and put the three duplicate groups in the PR "
             "description (support merges them by hand); 3 (confusables) is out of scope; then "
             "commit, push the branch and open the PR.",
             must=(("test",), ("pr description", "three groups", "duplicate"),
                   ("open the pr", "push", "commit")),
             partial_means="One or two of: the parity test, the groups in the PR, the PR.",
             wrong="A confusables check; changing username_key().",
             stale_means="The username_key correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "git add the change with the untracked app/accounts/usernames.py and "
             "tests/accounts/test_usernames.py, commit, push the branch and open the PR, with "
             "the three duplicate groups (zoë 1182/4410, andré 2051/3977, müller "
             "815/6120/6121) in its description for support to merge before the index is "
             "built. The script is already deleted and the parity test passes.",
             must=(("git add", "untracked", "accounts/usernames.py"),
                   ("open the pr", "push", "pull request")),
             stale=("delete scripts/find_dup_usernames.py", "confusables check",
                    "quoting it as"),
             partial_means="Says to push or open the PR without the duplicate groups in its "
                           "description.",
             wrong="Merging the accounts in code; a confusables check.",
             stale_means="Says to delete scripts/find_dup_usernames.py: it was deleted right "
                         "after the review."),
    Question("files_edited", "Which files were changed, and why?",
             "app/accounts/models.py (username_key, a generated column lower(normalize(username, "
             "NFKC)), unique index ix_users_username_key); app/accounts/service.py (signup and "
             "login look up by username_key()); app/accounts/usernames.py (username_key(), "
             "renamed from normalize.py, the listener gone); docker-compose.test.yml (postgres "
             "16.4); tests/accounts/test_usernames.py (new). scripts/find_dup_usernames.py was "
             "created and deleted.",
             must=(("models.py",), ("service.py",), ("usernames.py",),
                   ("docker-compose.test.yml",)),
             stale=("find_dup_usernames.py", "app/accounts/normalize.py"),
             spread=True,
             partial_means="Two or three of the four.",
             wrong="docker-compose.yml (production's) given as changed.",
             stale_means="scripts/find_dup_usernames.py or app/accounts/normalize.py (the "
                         "listener) listed as a current file."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Only the login gets a canonical key: a username_key column generated by Postgres "
             "as lower(normalize(username, NFKC)) with a unique index, looked up via "
             "username_key(); username, display_name and bio stay stored as typed. Rules out "
             "the listener that NFKC-casefolds every text column (normalize.py), and merging "
             "duplicates in code.",
             must=(("username_key", "generated column"),
                   ("as typed", "display name", "display_name"),
                   ("normalize.py", "every string column", "every text column", "listener")),
             stale=("runs every string column",),
             partial_means="The username_key column without what it rules out.",
             wrong="Normalising display names; a confusables check.",
             stale_means="The listener that normalises every column given as the design."),
    Question("review", "What did the review find?",
             "Priya: (1) Python's lower() and Postgres's lower() might disagree ('İ', 'ẞ'), "
             "locking users out: answered by a parity test, no change; (2) the unique index "
             "will fail on production because of the existing duplicates: support merges them, "
             "listed in the PR; (3) NFKC misses cross-script look-alikes ('раypal'): out of "
             "scope.",
             must=(("lower()", "disagree", "might not agree", "İ"),
                   ("index", "duplicates"), ("look-alike", "confusable", "раypal", "cyrillic")),
             partial_means="One or two of the three findings.",
             wrong="The Postgres 12 test database (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "Narrower than normalising every column: only the login gets a canonical key, a "
             "username_key generated column lower(normalize(username, NFKC)) with a unique "
             "index; display names, bios and the username itself stay as typed; no listener; "
             "the helper module named usernames.py.",
             must=(("generated column", "only the login", "username_key column"),
                   ("as typed", "display name", "no listener", "casefold")),
             partial_means="One half: the key column or keeping names as typed.",
             wrong="Priya's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "creating the tables failed: ProgrammingError column \"nfkc\" does not exist, then "
             "(after quoting 'NFKC', which did not fix it) function normalize(character "
             "varying, unknown) does not exist: the test database ran PostgreSQL 12.17, which "
             "has no normalize(); fixed by pinning docker-compose.test.yml to postgres:16.4 "
             "(production's image) and putting NFKC back unquoted.",
             must=(("nfkc", "normalize(", "programmingerror", "undefinedfunction"),
                   ("16.4", "postgres 16", "postgresql 12", "12.17", "docker-compose.test.yml")),
             stale=("fixed by quoting", "quoting it as 'nfkc'", "form as a string literal"),
             partial_means="The ProgrammingError without the Postgres version fix.",
             wrong="The duplicate accounts given as the test error.",
             stale_means="The error 'fixed' by quoting 'NFKC'."),
    Question("key_values", "Which key values matter?",
             "Accounts 1182 (U+00EB) and 4410 (e + U+0308); 41k existing rows; test database "
             "PostgreSQL 12.17, production postgres:16.4-alpine; 61 then 66 tests; duplicate "
             "groups zoë 1182/4410, andré 2051/3977, müller 815/6120/6121; "
             "ix_users_username_key.",
             must=(("1182", "4410", "2051", "3977", "815", "6120"), ("66", "61"),
                   ("16.4", "12.17")),
             spread=True,
             partial_means="Some of the values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "app/accounts/service.py holds signup() and login(); app/accounts/models.py the "
             "User model (username_key, the index); app/accounts/usernames.py the Python "
             "username_key(); docker-compose.test.yml the test database (docker-compose.yml is "
             "production's image).",
             must=(("service.py",), ("signup", "login"),
                   ("accounts/usernames.py", "docker-compose.test.yml")),
             partial_means="service.py without the other files, or the reverse.",
             wrong="normalize.py described as a current file."),
    Question("pending", "What work is still pending?",
             "Commit, push the branch and open the PR, with the three duplicate groups in its "
             "description for support to merge by hand before the deploy.",
             must=(("push", "open the pr", "commit", "pull request"),
                   ("1182", "2051", "815", "6120")),
             partial_means="The PR without the duplicate groups, or the reverse.",
             wrong="A confusables check; merging accounts in code."),
    Question("state", "What is the state of the work?",
             "The username_key change is done and 66 tests pass, the parity test included (no "
             "change to username_key() needed); the script is deleted; nothing is committed or "
             "pushed and no PR is open.",
             must=(("66", "parity"),
                   ("uncommitted", "not committed", "not pushed", "not yet")),
             partial_means="The passing tests without saying nothing is pushed.",
             wrong="Says usernames are still duplicated or the tests fail.",
             stale_means="Says the duplicate-listing script is still there."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Two 'zoë' accounts came from the iOS app sending decomposed usernames; my listener that normalised every text column was narrowed by the user to a generated username_key column; the tests failed until the test database was moved to Postgres 16.4; Priya reviewed.

Summary:
1. Primary Request and Intent:
   Make usernames that look the same be the same user: account 1182 is 'zoë' with U+00EB, account 4410 is 'zoe' + U+0308 from the iOS app, and the iOS one cannot log in on the web. Latest request (Priya's review): for 1, add a test that username_key() matches what the database computes, no code change if it passes; for 2, delete the script and put the three duplicate groups in the PR description; 3 is out of scope; then commit, push the branch and open the PR.
2. Key Technical Concepts:
   - Decision: only the login gets a canonical key, a username_key generated column lower(normalize(username, NFKC)) with the unique index ix_users_username_key; username, display_name and bio stay stored as typed. This rules out my listener in app/accounts/normalize.py that NFKC-casefolded every text column.
   - normalize() exists only from PostgreSQL 13 on.
3. Files and Code Sections:
   - app/accounts/models.py (edited): username_key Computed column and the unique index.
   - app/accounts/service.py (edited): signup() and login() look users up by username_key().
   - app/accounts/usernames.py (new, renamed from normalize.py): username_key() = NFKC then lower().
   - docker-compose.test.yml (edited): image postgres:16.4-alpine, as docker-compose.yml.
   - tests/accounts/test_usernames.py (new): decomposed signup is taken, login with either form, names kept as typed, and the Python key matches the database for five names.
   - scripts/find_dup_usernames.py: created to list duplicates, then deleted after the review.
4. Errors and fixes:
   - create_all failed: ProgrammingError column "nfkc" does not exist; quoting 'NFKC' did not fix it (function normalize(character varying, unknown) does not exist). Cause: the test database was PostgreSQL 12.17; fixed by pinning docker-compose.test.yml to postgres:16.4 and putting NFKC back unquoted.
5. Problem Solving:
   Priya's review found: Python's lower() and Postgres's lower() might disagree ('İ', 'ẞ'), answered by the parity test (it passes); the unique index will fail on production because of the existing duplicates; NFKC misses cross-script look-alikes such as 'раypal' (out of scope).
   Duplicate groups on staging: zoë 1182/4410, andré 2051/3977, müller 815/6120/6121.
6. All user messages:
   - "Support found two accounts both called 'zoë' ... should be the same user."
   - "Narrower than that. Only the login needs a canonical key ..."
   - "Priya reviewed the branch: ... open the PR."
7. Pending Tasks:
   - Commit, push and open the PR listing the groups 1182/4410, 2051/3977, 815/6120/6121 for support to merge by hand.
8. Current Work:
   All 66 tests pass, the parity test included; the work is not committed yet.
9. Optional Next Step:
   Commit the change, push the branch and open the PR with the duplicate groups in its description."""
