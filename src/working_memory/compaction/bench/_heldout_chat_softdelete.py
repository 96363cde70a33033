"""Held out: written on 2026-12-02, after the offline handoff was last tuned, by an author who
never ran the handoff (or any summariser) on it. OpenAI chat with function tools: soft delete
for a Django model; a package the user refuses, a migration created then deleted for a
renumbered one (no merge migration), an IntegrityError fixed by a conditional constraint (not
by the test run after it), a teammate's review pasted by the user (a permission bypass in
restore), and the review's fixes written last, untested."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant for the Atlas project-management app (Django 4.2, Django REST "
    "framework, Python 3.11). You can read and edit files in the repository and run commands."
)
s.user(
    "Deleting a project is permanent right now and support keeps restoring from backups. Make "
    "project deletion a soft delete: set archived_at instead of removing the row, hide archived "
    "projects from the API, and add a way to restore them."
)
s.call(
    "read_file",
    "class Project(models.Model):\n    name = models.CharField(max_length=120)\n"
    "    owner = models.ForeignKey(User, on_delete=models.CASCADE, related_name='projects')\n"
    "    created_at = models.DateTimeField(auto_now_add=True)\n\n    class Meta:\n"
    "        unique_together = ('owner', 'name')\n        ordering = ['-created_at']\n",
    path="projects/models.py",
)
s.call(
    "read_file",
    "class ProjectViewSet(viewsets.ModelViewSet):\n    serializer_class = ProjectSerializer\n"
    "    permission_classes = [IsAuthenticated, IsProjectMember]\n\n"
    "    def get_queryset(self):\n"
    "        return Project.objects.filter(members=self.request.user)\n",
    path="projects/views.py",
)
s.say(
    "Two ways to do this: the django-safedelete package (SafeDeleteModel gives soft delete, "
    "undelete and cascade policies out of the box) or an archived_at field with a custom "
    "manager. safedelete also handles related rows, so I'll add it."
)
s.call(
    "edit_file",
    "Edited requirements.txt",
    path="requirements.txt",
    old="djangorestframework==3.15.1\n",
    new="djangorestframework==3.15.1\ndjango-safedelete==1.3.3\n",
)
s.user(
    "No new dependency for this. We used django-safedelete in the billing service and its "
    "cascade policy soft-deleted tasks we didn't expect. Just an archived_at field and a "
    "manager; tasks stay as they are."
)
s.call(
    "edit_file",
    "Edited requirements.txt",
    "Reverting the dependency; archived_at with a custom manager it is.",
    path="requirements.txt",
    old="djangorestframework==3.15.1\ndjango-safedelete==1.3.3\n",
    new="djangorestframework==3.15.1\n",
)
s.call(
    "edit_file",
    "Edited projects/models.py",
    path="projects/models.py",
    old="class Project(models.Model):\n",
    new="class ActiveProjectManager(models.Manager):\n    def get_queryset(self):\n"
    "        return super().get_queryset().filter(archived_at__isnull=True)\n\n\n"
    "class Project(models.Model):\n"
    "    archived_at = models.DateTimeField(null=True, blank=True, db_index=True)\n\n"
    "    objects = ActiveProjectManager()\n    all_objects = models.Manager()\n\n"
    "    def archive(self):\n        self.archived_at = timezone.now()\n"
    "        self.save(update_fields=['archived_at'])\n",
)
s.call(
    "run_command",
    "Migrations for 'projects':\n  projects/migrations/0017_project_archived_at.py\n"
    "    - Add field archived_at to project\n",
    command="python manage.py makemigrations projects",
)
s.call(
    "run_command",
    "CommandError: Conflicting migrations detected; multiple leaf nodes in the migration graph: "
    "(0017_project_archived_at, 0017_project_color in projects).\nTo fix them run 'python "
    "manage.py makemigrations --merge'\n",
    command="python manage.py migrate",
)
s.say(
    "Someone's 0017_project_color landed on main while this branch was open, so there are two "
    "leaf migrations. I'll run makemigrations --merge to join them."
)
s.user(
    "Don't make a merge migration, CI rejects them (scripts/check_migrations.py fails on any "
    "*_merge_* file). Delete your 0017 and regenerate it on top of 0017_project_color."
)
s.call(
    "run_command",
    "Migrations for 'projects':\n  projects/migrations/0018_project_archived_at.py\n"
    "    - Add field archived_at to project\n",
    command="rm projects/migrations/0017_project_archived_at.py && python manage.py "
    "makemigrations projects",
)
s.call(
    "run_command",
    "Operations to perform:\n  Apply all migrations: admin, auth, projects, tasks\n"
    "Running migrations:\n  Applying projects.0017_project_color... OK\n"
    "  Applying projects.0018_project_archived_at... OK\n",
    command="python manage.py migrate",
)
s.call(
    "edit_file",
    "Edited projects/views.py",
    path="projects/views.py",
    old="        return Project.objects.filter(members=self.request.user)\n",
    new="        return Project.objects.filter(members=self.request.user)\n\n"
    "    def perform_destroy(self, instance):\n        instance.archive()\n\n"
    "    @action(detail=True, methods=['post'])\n    def restore(self, request, pk=None):\n"
    "        project = get_object_or_404(Project.all_objects, pk=pk)\n"
    "        project.archived_at = None\n        project.save(update_fields=['archived_at'])\n"
    "        return Response(ProjectSerializer(project).data)\n",
)
s.call(
    "run_command",
    "......F.........\n"
    "======================================================================\n"
    "ERROR: test_recreate_after_delete (projects.tests.test_api.ProjectApiTests)\n"
    "----------------------------------------------------------------------\n"
    "django.db.utils.IntegrityError: duplicate key value violates unique constraint "
    '"projects_project_owner_id_name_3c2a1f_uniq"\nDETAIL:  Key (owner_id, name)=(7, Roadmap) '
    "already exists.\n\nRan 112 tests in 9.412s\n\nFAILED (errors=1)\n",
    command="python manage.py test projects",
)
s.say(
    "The archived 'Roadmap' row still exists, so unique_together ('owner', 'name') rejects a new "
    "project with the same name. The uniqueness should only cover active projects: replacing "
    "unique_together with a conditional UniqueConstraint(fields=['owner', 'name'], "
    "condition=Q(archived_at__isnull=True), name='uniq_active_project_name_per_owner'), and "
    "regenerating 0018 so it is still one migration."
)
s.call(
    "edit_file",
    "Edited projects/models.py",
    path="projects/models.py",
    old="        unique_together = ('owner', 'name')\n",
    new="        constraints = [\n            models.UniqueConstraint(\n"
    "                fields=['owner', 'name'],\n"
    "                condition=models.Q(archived_at__isnull=True),\n"
    "                name='uniq_active_project_name_per_owner',\n            ),\n        ]\n",
)
s.call(
    "run_command",
    "Unapplying projects.0018_project_archived_at... OK\n"
    "Migrations for 'projects':\n  projects/migrations/0018_project_archived_at.py\n"
    "    - Add field archived_at to project\n    - Alter unique_together for project (0 constraint(s))\n"
    "    - Create constraint uniq_active_project_name_per_owner on model project\n"
    "Applying projects.0018_project_archived_at... OK\n",
    command="python manage.py migrate projects 0017_project_color && rm "
    "projects/migrations/0018_project_archived_at.py && python manage.py makemigrations projects "
    "&& python manage.py migrate",
)
s.call(
    "run_command",
    "................\n----------------------------------------------------------------------\n"
    "Ran 112 tests in 9.207s\n\nOK\n",
    command="python manage.py test projects",
)
s.say(
    "All 112 project tests pass. DELETE /api/projects/{id}/ now sets archived_at, archived "
    "projects are hidden by the default manager, and POST /api/projects/{id}/restore/ clears "
    "archived_at."
)
s.user(
    "Marta reviewed the PR:\n1. restore() looks the project up with "
    "get_object_or_404(Project.all_objects, pk=pk) instead of self.get_object(), so "
    "check_object_permissions never runs: any logged-in user can restore any project by id. "
    "Route it through get_object() with a queryset that includes archived projects the user "
    "is a member of.\n2. Restoring 'Roadmap' while an active 'Roadmap' exists will hit the new "
    "constraint and 500. Return a 409 with a message instead.\n\nFix both, with tests. The "
    "frontend team also needs the restore endpoint documented in docs/api/projects.md."
)
s.call(
    "edit_file",
    "Edited projects/views.py",
    "For restore, get_queryset returns the user's archived projects so get_object() runs the "
    "IsProjectMember object check.",
    path="projects/views.py",
    old="    def get_queryset(self):\n"
    "        return Project.objects.filter(members=self.request.user)\n",
    new="    def get_queryset(self):\n        if self.action == 'restore':\n"
    "            return Project.all_objects.filter(members=self.request.user, "
    "archived_at__isnull=False)\n"
    "        return Project.objects.filter(members=self.request.user)\n",
)
s.call(
    "edit_file",
    "Edited projects/views.py",
    path="projects/views.py",
    old="        project = get_object_or_404(Project.all_objects, pk=pk)\n"
    "        project.archived_at = None\n        project.save(update_fields=['archived_at'])\n",
    new="        project = self.get_object()\n        project.archived_at = None\n"
    "        try:\n            with transaction.atomic():\n"
    "                project.save(update_fields=['archived_at'])\n"
    "        except IntegrityError:\n"
    "            return Response({'detail': 'An active project with this name already "
    "exists.'}, status=status.HTTP_409_CONFLICT)\n",
)
s.say(
    "Both review points are handled in projects/views.py. Let me look at how the existing API "
    "tests log in as a second user, so the new tests can try a restore as a non-member:"
)
s.call(
    "read_file",
    "class ProjectApiTests(APITestCase):\n    def setUp(self):\n"
    "        self.owner = User.objects.create_user('ana', password='pw')\n"
    "        self.other = User.objects.create_user('bo', password='pw')\n"
    "        self.project = Project.objects.create(name='Roadmap', owner=self.owner)\n"
    "        self.project.members.add(self.owner)\n"
    "        self.client.force_authenticate(self.owner)\n",
    path="projects/tests/test_api.py",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Make project deletion a soft delete: set archived_at instead of deleting, hide "
             "archived projects from the API, and allow restoring them.",
             must=(("soft delete", "soft-delete", "archived_at", "archive"),
                   ("restore", "hide", "hidden")),
             partial_means="Soft delete without hiding or restoring.",
             wrong="Hard delete, or another model.",
             stale_means=""),
    Question("latest_request", "What did the user last ask?",
             "Fix Marta's two review points (restore must go through get_object() permission "
             "checks; a name conflict on restore returns 409), with tests, and document the "
             "restore endpoint in docs/api/projects.md.",
             must=(("get_object", "permission", "409", "review"),
                   ("docs/api/projects.md", "document", "test")),
             partial_means="The review fixes without the tests or the docs.",
             wrong="The original soft-delete request, or the no-dependency correction.",
             stale_means=""),
    Question("next_step", "What exactly is the next step?",
             "Write tests for the review fixes (a non-member restoring gets 403/404, restoring "
             "over an active same-named project gets 409) and run python manage.py test "
             "projects; the views.py changes are untested.",
             must=(("manage.py test", "write tests", "add tests", "write the tests", "add a test",
                    "tests for", "test that", "test where"),
                   ("409", "non-member", "other user", "second user", "permission", "restore")),
             stale=("look at how the existing api tests log in", "makemigrations --merge"),
             partial_means="Says to run the tests without the new test cases, or only the docs.",
             wrong="Something already done (the constraint, the migration).",
             stale_means="Reading the test setup (already read) or running a merge migration."),
    Question("files_edited", "Which files were changed, and why?",
             "projects/models.py (archived_at, ActiveProjectManager, archive(), conditional "
             "UniqueConstraint); projects/views.py (perform_destroy archives, restore action, "
             "review fixes); projects/migrations/0018_project_archived_at.py (created); the first "
             "0017_project_archived_at.py was created then deleted; requirements.txt edited and "
             "reverted.",
             must=(("models.py",), ("views.py",), ("0018_project_archived_at", "0018")),
             stale=("0017_project_archived_at", "django-safedelete==1.3.3"), spread=True,
             partial_means="Two of the three.",
             wrong="Files never changed.",
             stale_means="0017_project_archived_at.py or the safedelete requirement listed as "
                         "current."),
    Question("decisions", "What was decided, and what does it rule out?",
             "An archived_at field with ActiveProjectManager as objects and all_objects for "
             "everything; rules out django-safedelete (no new dependency, its cascades). Unique "
             "names only among active projects (conditional UniqueConstraint); no merge "
             "migration.",
             must=(("archived_at", "manager", "activeprojectmanager"),
                   ("no new dependency", "rejected", "ruled out", "rules out", "not django-safedelete",
                    "no django-safedelete", "instead of django-safedelete", "refused")),
             stale=("safedeletemodel gives", "so i ll add it"),
             partial_means="The manager without what it rules out.",
             wrong="Another design.",
             stale_means="django-safedelete stated as the design."),
    Question("review", "What did the review find?",
             "Marta: restore() used get_object_or_404(Project.all_objects) instead of "
             "self.get_object(), skipping check_object_permissions, so any logged-in user could "
             "restore any project; and restoring over an active same-named project would 500 on "
             "the constraint (should be 409).",
             must=(("get_object", "permission", "any logged-in user", "any user"),
                   ("restore",)),
             partial_means="Only the 409 finding.",
             wrong="Findings not in the review.",
             stale_means=""),
    Question("corrections", "How did the user correct the agent?",
             "No django-safedelete (no new dependency; its cascade policy surprised them); no "
             "merge migration (CI rejects *_merge_* files): delete 0017 and regenerate on top of "
             "0017_project_color.",
             must=(("safedelete", "dependency"), ("merge",)), spread=True,
             partial_means="One of the two corrections.",
             wrong="Corrections not made.",
             stale_means=""),
    Question("errors", "Which errors occurred, and what fixed each?",
             "Conflicting migrations (two 0017 leaves) fixed by deleting ours and regenerating it "
             "as 0018 on top of 0017_project_color; IntegrityError on unique (owner, name) in "
             "test_recreate_after_delete fixed by a conditional UniqueConstraint "
             "(archived_at__isnull=True) instead of unique_together.",
             must=(("integrityerror", "unique constraint", "duplicate key"),
                   ("uniqueconstraint", "conditional", "archived_at isnull", "condition")),
             stale=("fixed by: $ python manage.py test", "fixed by python manage.py test",
                    "fixed by running python manage.py test", "fixed by: python manage.py test",
                    "fixed by: run_command"),
             partial_means="One error with its fix, or both errors without fixes.",
             wrong="A fix paired with the wrong error.",
             stale_means="The IntegrityError 'fixed by' the test run, or the conflict fixed by "
                         "a merge migration."),
    Question("key_values", "Which key values matter?",
             "Migrations 0017_project_color (theirs) and 0018_project_archived_at (ours); "
             "constraint uniq_active_project_name_per_owner; 112 tests; POST "
             "/api/projects/{id}/restore/; Django 4.2.",
             must=(("0018",), ("112", "uniq_active_project_name_per_owner", "0017_project_color")),
             spread=True,
             partial_means="Some values.",
             wrong="Values not in the span.",
             stale_means="0017_project_archived_at as our migration."),
    Question("file_roles", "What is each file for?",
             "projects/models.py Project and its managers; projects/views.py ProjectViewSet "
             "(get_queryset, perform_destroy, restore); projects/tests/test_api.py the API tests "
             "(force_authenticate); docs/api/projects.md the API docs to update.",
             must=(("views.py",), ("projectviewset", "restore", "get_queryset")),
             partial_means="Files without roles.",
             wrong="Roles swapped.",
             stale_means=""),
    Question("pending", "What work is still pending?",
             "Tests for the two review fixes and a run of the project tests; document the restore "
             "endpoint in docs/api/projects.md.",
             must=(("test",), ("docs/api/projects.md", "document", "docs")),
             partial_means="Tests or docs only.",
             wrong="Work already done.",
             stale_means="The migration conflict as still open."),
    Question("state", "What is the state of the work?",
             "Soft delete works and 112 tests passed; the review fixes (get_object() for restore, "
             "409 on name conflict) are written in views.py but untested; no tests for them; "
             "docs not written.",
             must=(("409", "get_object", "review"),
                   ("untested", "not tested", "not yet tested", "not run", "no tests")),
             partial_means="Says the tests pass without saying the review fixes are untested.",
             wrong="Says it is all done.",
             stale_means="Describes safedelete or a merge migration as current."),
)  # fmt: skip

PRODUCTION = None  # the chat format has no compaction of its own
