"""Held out, tenth set: written 2026-12-02, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Django: a post whose
title matches an existing one crashes on the unique slug, and a title like "東京" gets an empty
slug; a random suffix written, then ruled out by the user (readable -2, -3 slugs), and a
SlugHistory migration written and deleted (slugs never change on edit); a concurrent-create
test whose IntegrityError select_for_update did not fix (it locks only rows that exist) and a
savepoint with a retry on the constraint did; a review with the user's answers inline: one
done, one pending, one rejected (posts live under /p/), one a ticket; the assistant's last words
name the rejected reserved-slug list."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant working in the inkwell repository (Django 5, Postgres, the blog "
    "app in blog/, tests with pytest-django in tests/). You can read, write, edit and delete "
    "files and run shell commands."
)
s.user(
    "Creating a post whose title matches an existing post crashes with IntegrityError: "
    'duplicate key value violates unique constraint "blog_post_slug_key". And a post titled '
    '"東京" gets an empty slug, so its URL is just /p/. Slugs come from blog/slugs.py. Fix '
    "both."
)
s.call(
    "read_file",
    "from django.utils.text import slugify\n\n\ndef slug_for(title: str) -> str:\n"
    "    return slugify(title)\n",
    path="blog/slugs.py",
)
s.call(
    "read_file",
    "class Post(models.Model):\n    title = models.CharField(max_length=200)\n"
    "    slug = models.SlugField(max_length=50, unique=True)\n"
    "    body = models.TextField()\n    published_at = models.DateTimeField(null=True)\n\n"
    "    def save(self, *args, **kwargs):\n        if not self.slug:\n"
    "            self.slug = slug_for(self.title)\n        super().save(*args, **kwargs)\n\n"
    '    def get_absolute_url(self):\n        return f"/p/{self.slug}/"\n',
    path="blog/models.py",
)
s.call(
    "run",
    "$ pytest -q\n.............................................................   [100%]\n"
    "61 passed in 9.84s",
    command="pytest -q",
)
s.say(
    "Two separate bugs. slugify() drops every non-ASCII character unless allow_unicode=True, "
    'so "東京" becomes "". And nothing checks whether the slug is taken. My plan: '
    "slugify(title, allow_unicode=True), and when the slug is taken, append a short random "
    "suffix (hello-world-x7k2qa), which can't collide in practice. Titles get edited too, so "
    "I'll add a SlugHistory model that keeps old slugs and redirects them."
)
s.call(
    "write_file",
    "Wrote blog/slugs.py",
    path="blog/slugs.py",
    content="import secrets\n\nfrom django.utils.text import slugify\n\n\n"
    "def unique_slug(title: str, exists) -> str:\n"
    '    slug = slugify(title, allow_unicode=True) or "post"\n'
    "    while exists(slug):\n"
    '        slug = f"{slug}-{secrets.token_hex(3)}"\n    return slug\n',
)
s.call(
    "write_file",
    "Wrote blog/migrations/0007_slughistory.py",
    path="blog/migrations/0007_slughistory.py",
    content="class Migration(migrations.Migration):\n"
    '    dependencies = [("blog", "0006_post_published_at")]\n'
    '    operations = [\n        migrations.CreateModel(\n            name="SlugHistory",\n'
    '            fields=[\n                ("id", models.BigAutoField(primary_key=True)),\n'
    '                ("old_slug", models.SlugField(max_length=50, unique=True)),\n'
    '                ("post", models.ForeignKey("blog.Post", on_delete=models.CASCADE)),\n'
    "            ],\n        ),\n    ]\n",
)
s.user(
    "Two things. No random suffixes: people share these URLs and read them out on the "
    "podcast, I want hello-world, hello-world-2, hello-world-3. And slugs never change when a "
    "title is edited, save() only sets one when it's empty, so there's nothing to redirect: "
    "drop the SlugHistory migration. allow_unicode is fine."
)
s.call(
    "run",
    "$ rm blog/migrations/0007_slughistory.py && git status --short\n M blog/slugs.py",
    command="rm blog/migrations/0007_slughistory.py && git status --short",
)
s.call(
    "write_file",
    "Wrote blog/slugs.py",
    path="blog/slugs.py",
    content="from django.utils.text import slugify\n\n\n"
    "def unique_slug(title: str, exists) -> str:\n"
    '    """hello-world, then hello-world-2, -3...: readable, and stable once set."""\n'
    '    base = slugify(title, allow_unicode=True) or "post"\n'
    "    slug, n = base, 2\n    while exists(slug):\n"
    '        slug, n = f"{base}-{n}", n + 1\n    return slug\n',
)
s.call(
    "edit_file",
    "Edited blog/models.py",
    path="blog/models.py",
    old="            self.slug = slug_for(self.title)\n",
    new="            self.slug = unique_slug(\n"
    "                self.title, lambda s: Post.objects.filter(slug=s).exists()\n"
    "            )\n",
)
s.call(
    "write_file",
    "Wrote tests/test_slugs.py",
    path="tests/test_slugs.py",
    content="def test_counter(db):\n"
    '    slugs = [make_post("Hello World").slug for _ in range(3)]\n'
    '    assert slugs == ["hello-world", "hello-world-2", "hello-world-3"]\n\n\n'
    'def test_unicode(db):\n    assert make_post("東京").slug == "東京"\n\n\n'
    "@pytest.mark.django_db(transaction=True)\ndef test_concurrent_create():\n"
    "    # two requests publishing the same title at once both succeed\n"
    '    slugs = run_in_threads(lambda: make_post("Launch").slug, n=2)\n'
    '    assert sorted(slugs) == ["launch", "launch-2"]\n',
)
s.call(
    "run",
    "$ pytest -q tests/test_slugs.py\n..F                                                 "
    "[100%]\nFAILED tests/test_slugs.py::test_concurrent_create - "
    "django.db.utils.IntegrityError: duplicate key value violates unique constraint "
    '"blog_post_slug_key"\nDETAIL:  Key (slug)=(launch) already exists.\n'
    "1 failed, 2 passed in 1.92s",
    command="pytest -q tests/test_slugs.py",
)
s.say(
    'The counter works; the race doesn\'t. Both threads see "launch" free, then both insert '
    "it. I'll lock with select_for_update() inside a transaction so the second thread waits "
    "for the first."
)
s.call(
    "edit_file",
    "Edited blog/models.py",
    path="blog/models.py",
    old="                self.title, lambda s: Post.objects.filter(slug=s).exists()\n",
    new="                self.title,\n"
    "                lambda s: Post.objects.select_for_update().filter(slug=s).exists(),\n",
)
s.call(
    "run",
    "$ pytest -q tests/test_slugs.py\n..F                                                 "
    "[100%]\nFAILED tests/test_slugs.py::test_concurrent_create - "
    "django.db.utils.IntegrityError: duplicate key value violates unique constraint "
    '"blog_post_slug_key"\nDETAIL:  Key (slug)=(launch) already exists.\n'
    "1 failed, 2 passed in 1.88s",
    command="pytest -q tests/test_slugs.py",
)
s.say(
    "Same IntegrityError. select_for_update() locks the rows it finds, and when neither "
    "thread's slug exists yet there is no row to lock, so both still pass the check. The "
    "unique constraint is the only thing that sees both inserts: save() should try the insert "
    "in a savepoint (transaction.atomic()) and, on an IntegrityError, take the next free slug "
    "and retry, up to 5 times. Taking select_for_update() out again."
)
s.call(
    "edit_file",
    "Edited blog/models.py",
    path="blog/models.py",
    old="    def save(self, *args, **kwargs):\n        if not self.slug:\n"
    "            self.slug = unique_slug(\n                self.title,\n"
    "                lambda s: Post.objects.select_for_update().filter(slug=s).exists(),\n"
    "            )\n        super().save(*args, **kwargs)\n",
    new="    def save(self, *args, **kwargs):\n        if self.slug:\n"
    "            return super().save(*args, **kwargs)\n"
    "        # the unique constraint decides a race: retry with the next free slug\n"
    "        for attempt in range(5):\n"
    "            self.slug = unique_slug(self.title, lambda s: Post.objects.filter(slug=s)"
    ".exists())\n"
    "            try:\n                with transaction.atomic():\n"
    "                    return super().save(*args, **kwargs)\n"
    '            except IntegrityError:\n                self.slug = ""\n'
    "                if attempt == 4:\n                    raise\n",
)
s.call(
    "run",
    "$ pytest -q tests/test_slugs.py --count=20\n"
    "............................................................   [100%]\n"
    "60 passed in 14.10s\n$ pytest -q\n"
    "................................................................   [100%]\n"
    "64 passed in 10.37s",
    command="pytest -q tests/test_slugs.py --count=20 && pytest -q",
)
s.say(
    "The race is handled: test_concurrent_create passes 20 times in a row, and the whole "
    'suite is 64 passed. Slugs are hello-world, hello-world-2, ...; "東京" keeps its '
    "characters."
)
s.user(
    "Priya reviewed the PR:\n"
    '- exists() in a loop is one query per taken number, and "Weekly update" already has 40 '
    "posts. Get the taken slugs in one query.\n"
    '- SlugField(max_length=50) is varchar(50): a long title plus "-12" raises DataError '
    "(value too long). Truncate the base so base plus suffix fits 50.\n"
    '- Reserved words: a post titled "Feed" gets the slug feed and clashes with /feed.\n'
    "- The old posts with empty slugs need a backfill.\n"
    "My answers: first yes. Second yes. Third no: posts live under /p/<slug>/, so /feed can't "
    "clash, leave it. Fourth is BLOG-19, a data migration for later."
)
s.call(
    "edit_file",
    "Edited blog/slugs.py",
    path="blog/slugs.py",
    old="def unique_slug(title: str, exists) -> str:\n"
    '    """hello-world, then hello-world-2, -3...: readable, and stable once set."""\n'
    '    base = slugify(title, allow_unicode=True) or "post"\n'
    "    slug, n = base, 2\n    while exists(slug):\n"
    '        slug, n = f"{base}-{n}", n + 1\n    return slug\n',
    new="def unique_slug(title: str, taken) -> str:\n"
    '    """hello-world, then hello-world-2, -3...: readable, and stable once set.\n'
    '    `taken(base)` returns every slug already used for this base, in one query."""\n'
    '    base = slugify(title, allow_unicode=True) or "post"\n    used = taken(base)\n'
    "    if base not in used:\n        return base\n"
    "    return f\"{base}-{next(n for n in count(2) if f'{base}-{n}' not in used)}\"\n",
)
s.call(
    "edit_file",
    "Edited blog/models.py",
    path="blog/models.py",
    old="            self.slug = unique_slug(self.title, lambda s: Post.objects.filter(slug=s)"
    ".exists())\n",
    new="            self.slug = unique_slug(self.title, _taken)\n",
)
s.call(
    "edit_file",
    "Edited blog/models.py",
    path="blog/models.py",
    old="class Post(models.Model):\n",
    new="def _taken(base: str) -> set[str]:\n"
    "    # base and base-N in one query, however many posts share the title\n"
    '    pattern = rf"^{re.escape(base)}(-[0-9]+)?$"\n'
    '    return set(Post.objects.filter(slug__regex=pattern).values_list("slug", flat=True))'
    "\n\n\nclass Post(models.Model):\n",
)
s.call(
    "edit_file",
    "Edited tests/test_slugs.py",
    path="tests/test_slugs.py",
    old="def test_unicode(db):\n",
    new="def test_one_query(db, django_assert_num_queries):\n"
    '    for _ in range(40):\n        make_post("Weekly update")\n'
    "    with django_assert_num_queries(1):\n"
    '        assert unique_slug("Weekly update", _taken) == "weekly-update-41"\n\n\n'
    "def test_unicode(db):\n",
)
s.call(
    "run",
    "$ pytest -q\n"
    ".................................................................   [100%]\n"
    "65 passed in 10.92s",
    command="pytest -q",
)
s.say(
    "Priya's first point is done: unique_slug() gets the taken slugs from one query "
    "(_taken() in blog/models.py, slug__regex on the base), and test_one_query checks it with "
    "django_assert_num_queries; 65 passed. Reserved words stay as they are, since posts live "
    "under /p/. The backfill is BLOG-19."
)
s.say("Next I'll add the reserved-slug list (feed, admin, login) to blog/slugs.py.")

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Creating a post whose title matches an existing one crashes with IntegrityError "
             "on the unique constraint blog_post_slug_key, and a title like \"東京\" gets an "
             "empty slug (URL /p/); fix both in blog/slugs.py.",
             must=(("slug",), ("integrityerror", "duplicate", "unique constraint", "empty")),
             partial_means="One of the two bugs.",
             wrong="A 404 on old URLs after a title edit."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review with the user's answers: get the taken slugs in one query (yes); "
             "truncate the base so base plus suffix fits max_length=50 (yes); no reserved "
             "words, posts live under /p/<slug>/; the backfill of empty slugs is BLOG-19, "
             "later.",
             must=(("one query",), ("truncate", "max_length", "50"),
                   ("/p/", "blog-19", "backfill", "reserved")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "answers", "answered"),
             partial_means="One or two of the points to act on.",
             wrong="A reserved-slug list; the backfill now.",
             stale_means="The first request or the no-random-suffix correction given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Priya's second point: truncate the base in unique_slug() (blog/slugs.py) so the "
             "base plus its -N suffix fits SlugField max_length=50, add a test with a long "
             "title, run pytest. The one-query change is done; reserved words were rejected.",
             must=(("truncat", "max_length", "50"), ("unique_slug", "slugs.py", "base")),
             stale=("reserved-slug list", "random suffix"),
             partial_means="Says to run the tests or commit without the truncation.",
             wrong="The BLOG-19 backfill; a SlugHistory model.",
             stale_means="Says to add a reserved-slug list: the user said no, posts live "
                         "under /p/."),
    Question("files_edited", "Which files were changed, and why?",
             "blog/slugs.py (unique_slug(): allow_unicode, hello-world-2, -3 counter, the taken "
             "slugs from one query); blog/models.py (save() sets the slug in a savepoint and "
             "retries with the next slug on IntegrityError, up to 5 times; _taken()); "
             "tests/test_slugs.py (new: counter, unicode, concurrent create, one query). "
             "blog/migrations/0007_slughistory.py was created and deleted.",
             must=(("slugs.py",), ("models.py",), ("test_slugs.py",)),
             stale=("0007_slughistory.py", "slughistory"),
             spread=True,
             partial_means="One or two of the files.",
             wrong="blog/urls.py given as edited.",
             stale_means="The SlugHistory migration listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Readable counter slugs (hello-world, hello-world-2, -3) with allow_unicode, "
             "stable once set, and the unique constraint settles a race (savepoint, retry); "
             "rules out random suffixes, a SlugHistory of old slugs with redirects, "
             "select_for_update(), and a reserved-slug list.",
             must=(("-2", "counter", "hello-world-2"),
                   ("random", "slughistory", "select_for_update")),
             stale=("append a short random suffix", "hello-world-x7k2qa"),
             partial_means="The counter without what it rules out.",
             wrong="Slugs that change when the title is edited.",
             stale_means="The random suffix given as the design."),
    Question("review", "What did the review find?",
             "Priya: (1) exists() in a loop is one query per taken number (done: one query); "
             "(2) max_length=50 is varchar(50), a long title plus suffix raises DataError "
             "(truncate, pending); (3) reserved words like feed clash with /feed (rejected: "
             "posts live under /p/); (4) old posts with empty slugs need a backfill "
             "(BLOG-19).",
             must=(("one query", "query per", "loop"), ("max_length", "truncat", "dataerror"),
                   ("reserved", "feed"), ("backfill", "blog-19")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya"),
             partial_means="Two or three of the four points.",
             wrong="The concurrent-create failure given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No random suffixes: the URLs are shared and read out on the podcast, so "
             "hello-world, hello-world-2, hello-world-3; and slugs never change on a title "
             "edit, so drop the SlugHistory migration.",
             must=(("random",), ("hello-world-2", "-2", "read", "slughistory")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="One of the two corrections.",
             wrong="The IntegrityError given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "test_concurrent_create failed with IntegrityError (Key (slug)=(launch) already "
             "exists); select_for_update() did not fix it (it locks only rows that exist); "
             "fixed by saving in a savepoint (transaction.atomic()) and retrying with the next "
             "free slug on IntegrityError, up to 5 times.",
             must=(("test_concurrent_create", "concurrent", "race", "launch"),
                   ("savepoint", "retry", "transaction.atomic")),
             stale=("fixed by select_for_update", "fixed by locking"),
             partial_means="The failure without the savepoint and retry.",
             wrong="A DataError on the long title given as the error that was fixed.",
             stale_means="The race 'fixed' by select_for_update(): the test failed the same "
                         "way after it."),
    Question("key_values", "Which key values matter?",
             "65 tests pass (61 before); SlugField max_length=50; the constraint "
             "blog_post_slug_key; BLOG-19; \"Weekly update\" has 40 posts.",
             must=(("65",), ("blog-19", "max_length", "blog_post_slug_key")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "blog/slugs.py makes the slugs (unique_slug()); blog/models.py holds the Post "
             "model, whose save() sets the slug when empty; tests/test_slugs.py tests the "
             "slugs.",
             must=(("slugs.py",), ("unique_slug", "makes the slugs", "slug_for"),
                   ("models.py", "post model", "save()")),
             partial_means="The files named without what they hold.",
             wrong="The migration as the slug store."),
    Question("pending", "What work is still pending?",
             "Truncating the base to fit max_length=50 (Priya's second point) with a test and "
             "a test run; the BLOG-19 backfill later.",
             must=(("truncat", "max_length"), ("blog-19", "backfill", "test")),
             partial_means="The truncation without the rest, or the reverse.",
             wrong="The one-query change or reserved words as pending."),
    Question("state", "What is the state of the work?",
             "Counter slugs with allow_unicode, the race settled by a savepoint and retry, the "
             "taken slugs in one query; 65 tests pass; truncating to max_length is not "
             "written; nothing committed.",
             must=(("65",), ("truncat", "max_length", "not written")),
             partial_means="The fix without what remains.",
             wrong="Says truncation is done.",
             stale_means="Says slugs get a random suffix."),
)  # fmt: skip

PRODUCTION = None
