"""Held out, twenty-fourth set: written 2026-12-07, while round 12 was tuned on the twenty-third
set, by an author who never ran the handoff on them. Claude Code, Elixir/Phoenix (Phoenix 1.7,
LiveView 0.20, Phoenix.Presence and PubSub on a three-node Fly cluster joined by libcluster,
ExUnit LiveView tests): Easel 2.6.0's collaborative whiteboard said "5 people here" on board
brd_4kT9wq ("Q1 roadmap") when only Priya (user 1187) and Jon (user 2043) were on it (EASEL-318,
14 tickets since Dec 1), because BoardLive tracks every LiveView in EaselWeb.Presence under
socket.id, so each time mobile Safari reloads a backgrounded tab a new entry is tracked while
the old LiveView lingers (the endpoint's websocket timeout is 300_000 ms, EASEL-204), and the
count is the number of metas, not of users; an Easel.Boards.ViewerRegistry GenServer (a new
lib/easel/boards/viewer_registry.ex: its own ETS table of {board, user} rows touched every 10 s
and a sweeper every 15 s, started in application.ex) written and wired in, ruled out by the user
(the ETS table is node-local on three nodes, Presence is already replicated, the sweeper is a
second source of truth; track under the user's id with the socket in the metas, count the keys
of Presence.list, and no untrack in terminate/2) and deleted, application.ex and board_live.ex
checked out again; the two new presence tests fail with "Expected truthy, got false" on
has_element?(view, "#viewer-count", "2 people here"), which mix clean, rm -rf _build deps with
mix deps.get, and a re-run (the suspected stale beam) did not fix: render(element(...)) showed
"2 Personen hier", user_fixture picks a random locale (EASEL-290) that UserAuth's on_mount puts
in Gettext, and a data-count attribute on the span in board_live.html.heex, asserted on, did;
a PR review (#612, Nadia) with four points: one already done (a user closing one of two tabs
stays), one answered on the PR (why not untrack in terminate/2), one a ticket (lowering the
websocket timeout, EASEL-331), one still to do (one avatar per user in the avatar stack, with a
test); the assistant's last words announce lowering the websocket timeout, put off to
EASEL-331."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/ines/code/easel"
_LIVE = f"{_ROOT}/lib/easel_web/live/board_live.ex"
_HEEX = f"{_ROOT}/lib/easel_web/live/board_live.html.heex"
_APP = f"{_ROOT}/lib/easel/application.ex"
_REGISTRY = f"{_ROOT}/lib/easel/boards/viewer_registry.ex"
_TEST = f"{_ROOT}/test/easel_web/live/board_live/presence_test.exs"
_REL_TEST = "test/easel_web/live/board_live/presence_test.exs"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_LIVE_SRC = """defmodule EaselWeb.BoardLive do
  use EaselWeb, :live_view

  alias Easel.Boards
  alias EaselWeb.Presence

  @impl true
  def mount(%{"public_id" => public_id}, _session, socket) do
    board = Boards.get_board_by_public_id!(public_id)
    topic = "board:" <> board.public_id
    user = socket.assigns.current_user

    if connected?(socket) do
      Phoenix.PubSub.subscribe(Easel.PubSub, topic)

      {:ok, _ref} =
        Presence.track(self(), topic, socket.id, %{
          user_id: user.id,
          name: user.display_name,
          color: user.cursor_color,
          online_at: System.system_time(:second)
        })
    end

    {:ok,
     socket
     |> assign(board: board, topic: topic)
     |> assign_viewers()
     |> stream(:strokes, Boards.list_strokes(board))}
  end

  @impl true
  def handle_event("stroke", %{"points" => points, "color" => color}, socket) do
    {:ok, stroke} = Boards.add_stroke(socket.assigns.board, socket.assigns.current_user, points, color)
    Phoenix.PubSub.broadcast_from(Easel.PubSub, self(), socket.assigns.topic, {:stroke_added, stroke})
    {:noreply, stream_insert(socket, :strokes, stroke)}
  end

  @impl true
  def handle_info(%Phoenix.Socket.Broadcast{event: "presence_diff"}, socket) do
    {:noreply, assign_viewers(socket)}
  end

  def handle_info({:stroke_added, stroke}, socket) do
    {:noreply, stream_insert(socket, :strokes, stroke)}
  end

  # who is here: the avatar stack and the "N people here" in the toolbar
  defp assign_viewers(socket) do
    metas =
      socket.assigns.topic
      |> Presence.list()
      |> Enum.flat_map(fn {_key, %{metas: metas}} -> metas end)

    assign(socket, viewers: metas, viewer_count: length(metas))
  end
end
"""

_REGISTRY_SRC = '''defmodule Easel.Boards.ViewerRegistry do
  @moduledoc """
  EASEL-318: who is looking at a board, one row per {board, user}, so a user whose mobile
  Safari tab came back under a new socket is counted once. BoardLive touches its row every
  10 s; rows not touched for 30 s are swept.
  """
  use GenServer

  @table :easel_board_viewers
  @sweep_every :timer.seconds(15)
  @stale_after_ms :timer.seconds(30)

  def start_link(opts), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)

  @doc "Marks `user_id` as viewing `board_id` now."
  def touch(board_id, user_id) do
    :ets.insert(@table, {{board_id, user_id}, System.monotonic_time(:millisecond)})
    :ok
  end

  @doc "How many distinct users touched `board_id` in the last 30 s."
  def count(board_id) do
    :ets.select_count(@table, [{{{board_id, :_}, :_}, [], [true]}])
  end

  @impl true
  def init(_opts) do
    :ets.new(@table, [:named_table, :public, :set, write_concurrency: true])
    Process.send_after(self(), :sweep, @sweep_every)
    {:ok, %{}}
  end

  @impl true
  def handle_info(:sweep, state) do
    cutoff = System.monotonic_time(:millisecond) - @stale_after_ms
    :ets.select_delete(@table, [{{:_, :"$1"}, [{:<, :"$1", cutoff}], [true]}])
    Process.send_after(self(), :sweep, @sweep_every)
    {:noreply, state}
  end
end
'''

_TEST_SRC = """defmodule EaselWeb.BoardLive.PresenceTest do
  use EaselWeb.ConnCase, async: true

  import Phoenix.LiveViewTest
  import Easel.AccountsFixtures
  import Easel.BoardsFixtures

  setup do
    %{board: board_fixture(), priya: user_fixture(), jon: user_fixture()}
  end

  defp open(user, board) do
    {:ok, view, _html} = live(log_in_user(build_conn(), user), ~p"/b/#{board.public_id}")
    view
  end

  # EASEL-318: Safari reloaded Priya's tab; her old LiveView is still alive
  test "a user's lingering socket is not counted twice", %{board: board, priya: priya, jon: jon} do
    _old = open(priya, board)
    _new = open(priya, board)
    view = open(jon, board)

    assert has_element?(view, "#viewer-count", "2 people here")
  end

  test "a user stays until the last of their sockets goes", %{board: board, priya: priya, jon: jon} do
    tab1 = open(priya, board)
    _tab2 = open(priya, board)
    view = open(jon, board)

    GenServer.stop(tab1.pid)
    assert_eventually(has_element?(view, "#viewer-count", "2 people here"))
  end
end
"""


def _failing(seed: int, secs: str, async_secs: str, fails: tuple[int, ...]) -> str:
    """The suite with the new presence tests failing: `fails` holds their line numbers."""
    blocks = []
    for i, line in enumerate(fails, 1):
        name = (
            "a user's lingering socket is not counted twice"
            if line == 18
            else "a user stays until the last of their sockets goes"
        )
        code = (
            'assert has_element?(view, "#viewer-count", "2 people here")'
            if line == 18
            else 'assert_eventually(has_element?(view, "#viewer-count", "2 people here"))'
        )
        at = 23 if line == 18 else 32
        blocks.append(
            f"  {i}) test {name} (EaselWeb.BoardLive.PresenceTest)\n"
            f"     {_REL_TEST}:{line}\n"
            "     Expected truthy, got false\n"
            f"     code: {code}\n"
            "     stacktrace:\n"
            f"       {_REL_TEST}:{at}: (test)\n"
        )
    n = len(fails)
    return (
        f"Running ExUnit with seed: {seed}, max_cases: 32\n\n"
        "......................................................................\n"
        + "\n".join(blocks)
        + "\n..................................................................................."
        "..........................................\n"
        f"Finished in {secs} seconds ({async_secs}s async, 1.1s sync)\n"
        f"188 tests, {n} failure{'s' if n > 1 else ''}\n\n"
        f"Randomized with seed {seed}\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    'EASEL-318: on Priya\'s board brd_4kT9wq ("Q1 roadmap") the toolbar said "5 people '
    'here" this morning when it was only her and Jon. Support has 14 tickets like it since '
    "2.6.0 went out on Dec 1, nearly all with an iPhone in the room. Ana pasted this from a "
    "remote console on easel-2 at 09:41 UTC:\n\n"
    "iex(easel@fdaa:2:9c1b:a7b:142:4e1f:33e0:2)> "
    'EaselWeb.Presence.list("board:brd_4kT9wq") |> Enum.map(fn {k, %{metas: [m]}} -> '
    "{k, m.user_id, m.online_at} end)\n"
    '[{"phx-GA2p8Xq1wWmB7hHC", 1187, 1796463121},\n'
    ' {"phx-GA2p9nB3c0sUAGBD", 1187, 1796463398},\n'
    ' {"phx-GA2pAL7YxQ2tYHXE", 1187, 1796463604},\n'
    ' {"phx-GA2p7cRr1xkL-ABF", 2043, 1796462960},\n'
    ' {"phx-GA2pA2Vs8MtNoHBC", 2043, 1796463577}]\n\n'
    "The board is lib/easel_web/live/board_live.ex. Find out why and fix it, with an ExUnit "
    "test. Don't touch production (no remote console from here), Ana has the cluster."
)
s.call("Read", _numbered(_LIVE_SRC), file_path=_LIVE)
s.call(
    "Bash",
    "b3d7e90 2026-06-10 Sam Okoro boards: who's here, with Presence (EASEL-152)\n"
    "77a0c1e 2026-04-22 Sam Okoro boards: live strokes over PubSub\n"
    "---\n"
    "lib/easel_web/presence.ex:1:defmodule EaselWeb.Presence do\n"
    "lib/easel_web/presence.ex:2:  use Phoenix.Presence, otp_app: :easel, pubsub_server: "
    "Easel.PubSub\n"
    "---\n"
    'lib/easel_web/endpoint.ex:14:  socket "/live", Phoenix.LiveView.Socket,\n'
    "lib/easel_web/endpoint.ex:15-    # EASEL-204: iPad Pencil users on venue Wi-Fi lost "
    "strokes at the 60 s default\n"
    "lib/easel_web/endpoint.ex:16-    websocket: [connect_info: [session: @session_options], "
    "timeout: 300_000],\n"
    "lib/easel_web/endpoint.ex:17-    longpoll: [connect_info: [session: @session_options]]\n"
    "---\n"
    "config/runtime.exs:61:  config :libcluster,\n"
    "config/runtime.exs-62-    topologies: [\n"
    "config/runtime.exs-63-      fly6pn: [\n"
    "config/runtime.exs-64-        strategy: Cluster.Strategy.DNSPoll,\n"
    "config/runtime.exs-65-        config: [polling_interval: 5_000, query: "
    '"easel.internal", node_basename: "easel"]\n'
    "---\n"
    "app = 'easel'\nprimary_region = 'ams'\n  min_machines_running = 3\n"
    "---\n"
    'lib/easel_web/live/board_live.html.heex:9:    <span id="viewer-count" class="text-sm '
    'text-zinc-600">\n'
    'lib/easel_web/live/board_live.html.heex:10:      <%= ngettext("1 person here", '
    '"%{count} people here", @viewer_count) %>\n'
    "lib/easel_web/live/board_live.html.heex:13:    <.avatar :for={v <- @viewers} "
    "name={v.name} color={v.color} />\n",
    "BoardLive tracks each LiveView under socket.id and counts every meta. Checking the "
    "history, the Presence module, the socket settings, the cluster and the template.",
    command="git log --format='%h %ad %an %s' --date=short -- lib/easel_web/live/board_live.ex "
    "&& echo --- && grep -n '' lib/easel_web/presence.ex && echo --- && grep -n -A3 "
    "'socket \"/live\"' lib/easel_web/endpoint.ex && echo --- && grep -n -A4 'config "
    ":libcluster' config/runtime.exs && echo --- && grep -E '^app|primary_region|"
    "min_machines' fly.toml && echo --- && grep -n -E 'viewer-count|people here|@viewers' "
    "lib/easel_web/live/board_live.html.heex",
    description="History, Presence, socket settings, cluster config and the template",
)
s.call(
    "Write",
    f"File created successfully at: {_REGISTRY}",
    "Found it. Every LiveView is tracked under its own socket.id, and assign_viewers counts "
    "every meta of Presence.list. When mobile Safari backgrounds the tab and reloads it on "
    "return, a new LiveView mounts with a new phx- id and tracks again, while the old one "
    "lingers: the phone never sent a close frame and the endpoint's websocket timeout is "
    "300_000 ms (EASEL-204). Ana's list is exactly that: three entries for 1187 (Priya) and "
    "two for 2043 (Jon) within 11 minutes, 5 metas, 2 people. Plan: a ViewerRegistry that "
    "keeps one row per {board, user} in an ETS table, touched by BoardLive every 10 s and "
    "swept after 30 s, and the toolbar counts its rows.",
    file_path=_REGISTRY,
    content=_REGISTRY_SRC,
)
s.call(
    "Edit",
    f"The file {_APP} has been updated.",
    file_path=_APP,
    old_string="      {Phoenix.PubSub, name: Easel.PubSub},\n      EaselWeb.Presence,\n",
    new_string="      {Phoenix.PubSub, name: Easel.PubSub},\n      EaselWeb.Presence,\n"
    "      Easel.Boards.ViewerRegistry,\n",
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_LIVE}",
    file_path=_LIVE,
    edits=[
        {
            "old_string": "  alias EaselWeb.Presence\n",
            "new_string": "  alias Easel.Boards.ViewerRegistry\n  alias EaselWeb.Presence\n\n"
            "  @touch_every :timer.seconds(10)\n",
        },
        {
            "old_string": "      Phoenix.PubSub.subscribe(Easel.PubSub, topic)\n",
            "new_string": "      Phoenix.PubSub.subscribe(Easel.PubSub, topic)\n"
            "      ViewerRegistry.touch(board.public_id, user.id)\n"
            "      :timer.send_interval(@touch_every, :touch_viewer)\n",
        },
        {
            "old_string": "    assign(socket, viewers: metas, viewer_count: length(metas))\n",
            "new_string": "    count = ViewerRegistry.count(socket.assigns.board.public_id)\n"
            "    assign(socket, viewers: metas, viewer_count: count)\n",
        },
    ],
)
s.call(
    "Bash",
    "Compiling 3 files (.ex)\nGenerated easel app\n"
    "Running ExUnit with seed: 90417, max_cases: 32\n\n"
    "...................................................................................."
    "..........................................................................................."
    "...........\n"
    "Finished in 3.8 seconds (2.7s async, 1.1s sync)\n"
    "186 tests, 0 failures\n\n"
    "Randomized with seed 90417\n",
    "Running the suite.",
    command="mix test",
    description="Run the test suite",
)
s.user(
    "No, not a second registry. That ETS table lives on one node and we run three (easel-1, "
    "easel-2, easel-3 behind Fly's proxy): with Priya on easel-1 and Jon on easel-2 each of "
    'them would see "1 person here". Presence is already replicated over PubSub and drops a '
    "node's entries when the node goes; a sweeper on a timer is a second source of truth that "
    "disagrees with it for 30 s every time someone leaves. The bug is how we use Presence: "
    "track under the user's id instead of socket.id, keep the socket in the metas, and count "
    "the keys of Presence.list, not the metas. And don't add an untrack in terminate/2 "
    "either, when the LiveView process exits Presence removes its meta by itself. Delete "
    "viewer_registry.ex and put application.ex and board_live.ex back first. The test: two "
    "sockets of one user plus another user is 2 people here."
)
s.call(
    "Bash",
    "Updated 2 paths from the index\n",
    "Dropping the registry: deleting viewer_registry.ex and checking application.ex and "
    "board_live.ex out again.",
    command="rm lib/easel/boards/viewer_registry.ex && git checkout -- lib/easel/application.ex "
    "lib/easel_web/live/board_live.ex && git status --short",
    description="Delete the registry, revert application.ex and board_live.ex",
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_LIVE}",
    "BoardLive now tracks under the user's id, with the socket id in the metas, and counts the "
    'keys of Presence.list: Priya\'s three LiveViews are three metas under one key "1187". '
    "When one of them exits, Presence removes that meta and the key stays while any is left.",
    file_path=_LIVE,
    edits=[
        {
            "old_string": "        Presence.track(self(), topic, socket.id, %{\n"
            "          user_id: user.id,\n",
            "new_string": "        # EASEL-318: one key per user; each of their sockets is a meta under it\n"
            "        Presence.track(self(), topic, to_string(user.id), %{\n"
            "          socket_id: socket.id,\n"
            "          user_id: user.id,\n",
        },
        {
            "old_string": "    metas =\n      socket.assigns.topic\n      |> Presence.list()\n"
            "      |> Enum.flat_map(fn {_key, %{metas: metas}} -> metas end)\n\n"
            "    assign(socket, viewers: metas, viewer_count: length(metas))\n",
            "new_string": "    presences = Presence.list(socket.assigns.topic)\n"
            "    metas = Enum.flat_map(presences, fn {_user_id, %{metas: metas}} -> metas end)\n\n"
            "    # people, not sockets: a reloaded tab's LiveView lingers until its socket times "
            "out\n"
            "    assign(socket, viewers: metas, viewer_count: map_size(presences))\n",
        },
    ],
)
s.call(
    "Write",
    f"File created successfully at: {_TEST}",
    "The test: Priya's old and new LiveViews plus Jon's must say 2 people here, and stopping "
    "one of Priya's keeps her counted.",
    file_path=_TEST,
    content=_TEST_SRC,
)
s.call(
    "Bash",
    "Compiling 1 file (.ex)\nGenerated easel app\n" + _failing(521377, "4.1", "3.0", (18, 26)),
    "Running the suite.",
    command="mix test",
    description="Run the test suite",
)
s.call(
    "Bash",
    "Resolving Hex dependencies...\nResolution completed in 0.412s\n"
    "Unchanged:\n  bandit 1.6.1\n  ecto_sql 3.12.1\n  gettext 0.26.2\n  jason 1.4.4\n"
    "  libcluster 3.4.1\n  phoenix 1.7.18\n  phoenix_live_view 0.20.17\n"
    "  phoenix_pubsub 2.1.3\n  postgrex 0.19.3\n  (31 more)\n"
    "* Getting phoenix_live_view (Hex package)\n* Getting phoenix (Hex package)\n"
    "...\n"
    "==> jason\nCompiling 11 files (.ex)\nGenerated jason app\n"
    "==> phoenix\nCompiling 71 files (.ex)\nGenerated phoenix app\n"
    "==> phoenix_live_view\nCompiling 39 files (.ex)\nGenerated phoenix_live_view app\n"
    "==> easel\nCompiling 94 files (.ex)\nGenerated easel app\n"
    + _failing(7342, "4.4", "3.3", (18,)),
    "Both presence tests fail with the count still off, and that is what the old code would "
    "render: a stale build of BoardLive from before the edit (a stale beam in "
    "_build/test) would still count metas. Cleaning, removing _build and deps, fetching the "
    "deps again and re-running.",
    command="mix clean && rm -rf _build deps && mix deps.get && mix test",
    description="mix clean, remove _build and deps, deps.get and re-run the tests",
)
s.call(
    "Bash",
    _failing(63001, "4.0", "2.9", (18, 26)),
    "Still failing after a clean build, one test this time instead of two: not a stale "
    "build. Re-running once more to see whether it changes with the seed.",
    command="mix test",
    description="Re-run the test suite",
)
s.call(
    "Edit",
    f"The file {_TEST} has been updated.",
    "Both fail again under a third seed: the number of failures changes with the seed, so "
    "something in the test varies. has_element? only says false; asserting on the rendered "
    "element for a moment, so the failure shows what the toolbar says.",
    file_path=_TEST,
    old_string='    assert has_element?(view, "#viewer-count", "2 people here")\n',
    new_string='    assert render(element(view, "#viewer-count")) =~ "2 people here"\n',
)
s.call(
    "Bash",
    "Running ExUnit with seed: 63001, max_cases: 32\n"
    'Excluding tags: [:test]\nIncluding tags: [location: {"' + _REL_TEST + '", 18}]\n\n'
    "  1) test a user's lingering socket is not counted twice (EaselWeb.BoardLive.PresenceTest)\n"
    f"     {_REL_TEST}:18\n"
    "     Assertion with =~ failed\n"
    '     code:  assert render(element(view, "#viewer-count")) =~ "2 people here"\n'
    '     left:  "<span id=\\"viewer-count\\" class=\\"text-sm text-zinc-600\\">\\n      '
    '2 Personen hier\\n    </span>"\n'
    '     right: "2 people here"\n'
    "     stacktrace:\n"
    f"       {_REL_TEST}:23: (test)\n\n"
    "Finished in 0.3 seconds (0.3s async, 0.00s sync)\n"
    "2 tests, 1 failure, 1 excluded\n",
    command=f"mix test {_REL_TEST}:18 --seed 63001",
    description="Run the first presence test with the same seed",
)
s.call(
    "Bash",
    "test/support/fixtures/accounts_fixtures.ex:14:  def valid_user_attributes(attrs \\\\ %{}) "
    "do\n"
    "test/support/fixtures/accounts_fixtures.ex:15:    Enum.into(attrs, %{\n"
    "test/support/fixtures/accounts_fixtures.ex:16:      email: unique_user_email(),\n"
    'test/support/fixtures/accounts_fixtures.ex:17:      display_name: "User '
    '#{System.unique_integer([:positive])}",\n'
    "test/support/fixtures/accounts_fixtures.ex:18:      # EASEL-290: every LiveView test runs "
    "in one of the shipped locales\n"
    "test/support/fixtures/accounts_fixtures.ex:19:      locale: Enum.random(~w(en de fr pt)),\n"
    "--\n"
    "lib/easel_web/user_auth.ex:71:  def on_mount(:put_locale, _params, _session, socket) do\n"
    "lib/easel_web/user_auth.ex:72:    Gettext.put_locale(EaselWeb.Gettext, "
    "socket.assigns.current_user.locale)\n"
    "lib/easel_web/user_auth.ex:73:    {:cont, socket}\n"
    "--\n"
    'priv/gettext/de/LC_MESSAGES/default.po:212:msgid "1 person here"\n'
    'priv/gettext/de/LC_MESSAGES/default.po:213:msgid_plural "%{count} people here"\n'
    'priv/gettext/de/LC_MESSAGES/default.po:214:msgstr[0] "1 Person hier"\n'
    'priv/gettext/de/LC_MESSAGES/default.po:215:msgstr[1] "%{count} Personen hier"\n',
    "The count is right, 2, but in German. Jon's user came out with locale de. Looking for "
    "where the test user's locale comes from.",
    command="grep -n -A5 'def valid_user_attributes' test/support/fixtures/accounts_fixtures.ex "
    "&& echo -- && grep -n -A2 'on_mount(:put_locale' lib/easel_web/user_auth.ex && echo -- && "
    "grep -n -A3 'msgid \"1 person here\"' priv/gettext/de/LC_MESSAGES/default.po",
    description="Where the test user's locale comes from",
)
s.call(
    "Edit",
    f"The file {_HEEX} has been updated.",
    "That's it: user_fixture picks a random locale of the four shipped ones (EASEL-290), and "
    "UserAuth's :put_locale on_mount puts it in Gettext, so the toolbar said \"2 Personen "
    'hier" or "2 personnes ici" whenever Jon wasn\'t en: a quarter of the time it passed, '
    "which is why the number of failures changed with the seed. The fixture is right to do "
    "that, so the test shouldn't depend on the English text: the span gets a data-count "
    "attribute and the tests assert on that.",
    file_path=_HEEX,
    old_string='    <span id="viewer-count" class="text-sm text-zinc-600">\n',
    new_string='    <span id="viewer-count" data-count={@viewer_count} class="text-sm '
    'text-zinc-600">\n',
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_TEST}",
    file_path=_TEST,
    edits=[
        {
            "old_string": '    assert render(element(view, "#viewer-count")) =~ "2 people here"\n',
            "new_string": "    # the count, not its text: user_fixture picks a random locale (EASEL-290)\n"
            '    assert has_element?(view, ~s(#viewer-count[data-count="2"]))\n',
        },
        {
            "old_string": '    assert_eventually(has_element?(view, "#viewer-count", "2 people '
            'here"))\n',
            "new_string": '    assert_eventually(has_element?(view, ~s(#viewer-count[data-count="2"]'
            ")))\n",
        },
    ],
)
s.call(
    "Bash",
    "Running ExUnit with seed: 63001, max_cases: 32\n\n..\nFinished in 0.3 seconds (0.3s async, "
    "0.00s sync)\n2 tests, 0 failures\n---\n"
    "Running ExUnit with seed: 521377, max_cases: 32\n\n..\nFinished in 0.3 seconds\n"
    "2 tests, 0 failures\n---\n"
    "Running ExUnit with seed: 7342, max_cases: 32\n\n..\nFinished in 0.3 seconds\n"
    "2 tests, 0 failures\n---\n"
    "Running ExUnit with seed: 418820, max_cases: 32\n\n"
    "...................................................................................."
    "..........................................................................................."
    ".............\n"
    "Finished in 4.0 seconds (2.9s async, 1.1s sync)\n"
    "188 tests, 0 failures\n\n"
    "Randomized with seed 418820\n---\n"
    "Checking 212 source files ...\n\nAnalysis took 1.9 seconds (0.1s to load, 1.8s running "
    "52 checks on 212 files)\n1083 mods/funs, found no issues.\n---\n"
    "Switched to a new branch 'fix/easel-318-presence-by-user'\n"
    "[fix/easel-318-presence-by-user e41c9a7] boards: track presence by user, count people "
    "not sockets (EASEL-318)\n"
    " 3 files changed, 48 insertions(+), 6 deletions(-)\n"
    " create mode 100644 test/easel_web/live/board_live/presence_test.exs\n"
    "branch 'fix/easel-318-presence-by-user' set up to track "
    "'origin/fix/easel-318-presence-by-user'.\n"
    "https://github.com/easel-boards/easel/pull/612\n",
    "Running the presence tests under the three seeds that failed, the whole suite, format and "
    "credo, then the PR.",
    command=f"for seed in 63001 521377 7342; do mix test {_REL_TEST} --seed $seed; echo ---; "
    "done && mix test && echo --- && mix format --check-formatted && mix credo --strict && "
    "echo --- && git checkout -b fix/easel-318-presence-by-user && git add -A && git commit -m "
    "'boards: track presence by user, count people not sockets (EASEL-318)' && git push -u "
    "origin HEAD && gh pr create --fill",
    description="Presence tests under the failing seeds, full suite, format, credo; commit, "
    "push, open the PR",
)
s.say(
    "PR #612 is up. BoardLive now tracks each LiveView in Presence under the user's id, with "
    "socket_id in the metas, and the toolbar counts the keys of Presence.list, so Priya's "
    'lingering LiveViews after Safari reloads are metas of one key "1187" and the board says '
    "2 people here. The span has data-count, and the two presence tests assert on it: the "
    "user fixture's random locale (EASEL-290) was what failed them, not the build. 188 tests, "
    "0 failures under the three seeds that failed before; format and credo clean. Production "
    "is untouched."
)
s.user(
    "Nadia reviewed #612:\n"
    "1. With one key per user, what happens when Priya has two tabs open and closes one? "
    "Does she vanish from the board until the other tab's next diff?\n"
    "2. Why not Presence.untrack in terminate/2, so the old socket's entry goes the moment "
    "the new one mounts?\n"
    "3. The real reason the old LiveViews linger is timeout: 300_000 on the /live socket in "
    "endpoint.ex. Five minutes of ghost cursors too. Lower it to 45_000.\n"
    "4. The avatar stack still renders one avatar per meta (:for={v <- @viewers}): Priya "
    'shows up three times next to "2 people here". One avatar per user, please, with a '
    "test.\n"
    "My take: 1 you did already, a user stays until the last of their sockets goes and "
    "there's a test for it. 2 answer her on the PR. 3 is EASEL-331, not this PR: that "
    "timeout is there for the iPad Pencil users (EASEL-204) and Ana wants to measure first. "
    "4 yes, in this PR."
)
s.call(
    "Bash",
    "https://github.com/easel-boards/easel/pull/612#issuecomment-2561930477\n",
    "Answering Nadia's 2 on the PR: terminate/2 doesn't run when Safari drops the socket "
    "(there is no close frame, the LiveView lingers until the socket times out, and terminate "
    "is only called on a clean shutdown or when trapping exits), and once the process does "
    "exit Presence removes its meta anyway; with one key per user the lingering meta no "
    "longer adds a person.",
    command="gh pr comment 612 --body-file /tmp/pr612-terminate.md",
    description="Reply to the review on terminate/2",
)
s.say(
    "2 is answered on #612, and 1 was in the first commit with its test. Next, Nadia's 3: "
    "I'll lower the websocket timeout on the /live socket in lib/easel_web/endpoint.ex from "
    "300_000 to 45_000, so a LiveView whose phone went away is gone within 45 s instead of "
    "five minutes."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "EASEL-318: Easel's whiteboard (Phoenix 1.7 LiveView, three nodes) said \"5 people "
             "here\" on board brd_4kT9wq when only Priya (1187) and Jon (2043) were there (14 "
             "tickets since 2.6.0), because BoardLive tracks every LiveView in Presence under "
             "socket.id, so each time mobile Safari reloads a backgrounded tab a new entry is "
             "tracked while the old LiveView lingers, and the toolbar counts the metas, not "
             "the users; find why and fix it with an ExUnit test, without touching "
             "production.",
             must=(("easel-318", "boardlive", "board_live", "people here", "viewer count",
                    "whiteboard"),
                   ("5 people here", "reconnect", "safari", "socket.id", "metas", "linger",
                    "counted twice", "sockets")),
             partial_means="The wrong count without why, or the cause without the symptom.",
             wrong="A PubSub or libcluster split; a stale cache of the count."),
    Question("latest_request", "What did the user last ask?",
             "Nadia's review of PR #612 with the user's take: (1) a user who closes one of two "
             "tabs stays, done already, with its test; (2) answer her on the PR why not "
             "untrack in terminate/2; (3) lowering the websocket timeout from 300_000 to "
             "45_000 is EASEL-331, not this PR (the iPad Pencil users, EASEL-204, Ana wants to "
             "measure first); (4) yes, in this PR: one avatar per user in the avatar stack, "
             "with a test.",
             must=(("avatar",),
                   ("easel-331", "answer her", "terminate", "done already", "did already")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "nadia", "take"),
             partial_means="One of the points to act on.",
             wrong="Lowering the websocket timeout now; adding an untrack in terminate/2.",
             stale_means="The EASEL-318 report or the no-second-registry correction given as "
                         "the latest request."),
    Question("next_step", "What exactly is the next step?",
             "Nadia's 4: make the avatar stack show one avatar per user instead of one per "
             "meta (in BoardLive's assign_viewers take one meta per key of Presence.list, so "
             "Priya's three LiveViews give one avatar), with a test; run mix test, then commit "
             "and push to PR #612.",
             must=(("avatar",), ("mix test", "push", "commit")),
             stale=("websocket timeout", "45_000"),
             partial_means="The avatar change without its test or the push, or the push "
                           "alone.",
             wrong="Answering Nadia's 2 (done); an untrack in terminate/2; touching "
                   "production.",
             stale_means="Says to lower the websocket timeout in endpoint.ex from 300_000 to "
                         "45_000 (put off by the user to EASEL-331) or to answer the "
                         "terminate/2 point (answered already)."),
    Question("files_edited", "Which files were changed, and why?",
             "lib/easel_web/live/board_live.ex (Presence.track under to_string(user.id) with "
             "socket_id in the metas; viewer_count is map_size of Presence.list, people not "
             "sockets); lib/easel_web/live/board_live.html.heex (data-count={@viewer_count} on "
             "the #viewer-count span); test/easel_web/live/board_live/presence_test.exs (new: "
             "a lingering socket not counted twice, a user stays until their last socket "
             "goes). lib/easel/boards/viewer_registry.ex was created and deleted, and "
             "application.ex and board_live.ex's registry edits reverted.",
             must=(("board_live.ex",), ("board_live.html.heex", "data-count"),
                   ("presence_test",)),
             stale=("viewer_registry",),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="endpoint.ex, presence.ex or accounts_fixtures.ex given as edited.",
             stale_means="lib/easel/boards/viewer_registry.ex (or the ViewerRegistry child in "
                         "application.ex) listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Each LiveView is tracked in EaselWeb.Presence under the user's id "
             "(to_string(user.id)) with the socket's id in the metas, and the count is the "
             "number of keys of Presence.list (map_size), not of metas, in the existing "
             "BoardLive; no Presence.untrack in terminate/2, since Presence drops a meta when "
             "its process exits. It rules out the ViewerRegistry GenServer with its own ETS "
             "table touched every 10 s and swept every 15 s (node-local on a three-node "
             "cluster, a second source of truth beside the replicated Presence).",
             must=(("user id", "user's id", "user.id", "map_size", "keys of presence.list",
                    "unique user", "one key per user", "per user"),
                   ("viewerregistry", "viewer_registry", "ets", "sweeper", "registry")),
             stale=("viewerregistry", "sweeper", "ets table"),
             partial_means="The tracking by user id without what it rules out, or the "
                           "reverse.",
             wrong="Lowering the socket timeout as the fix; deduplicating in the browser.",
             stale_means="An Easel.Boards.ViewerRegistry GenServer keeping {board, user} rows "
                         "in an ETS table with a sweeper, given as the design."),
    Question("review", "What did the review find?",
             "Nadia on #612: (1) with one key per user, does Priya vanish when she closes one "
             "of two tabs (no: done already, she stays until her last socket goes, with a "
             "test); (2) why not untrack in terminate/2 (answered on the PR); (3) the "
             "timeout: 300_000 on the /live socket is why old LiveViews linger, lower it to "
             "45_000 (EASEL-331); (4) the avatar stack renders one avatar per meta, Priya "
             "three times: one per user, with a test (to do, in this PR).",
             must=(("close one tab", "closes one", "vanish", "last socket", "two tabs",
                    "last of their sockets"),
                   ("terminate",),
                   ("300_000", "websocket timeout", "easel-331", "45_000"),
                   ("avatar",)),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "nadia", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The failing presence tests given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not a second registry: the ViewerRegistry's ETS table is per node and Easel runs "
             "on three (easel-1..3), so each of Priya and Jon would see 1 person; Presence is "
             "already replicated and drops a node's entries; the sweeper is a second source "
             "of truth that disagrees for 30 s. Instead track under the user's id with the "
             "socket in the metas and count the keys of Presence.list; no untrack in "
             "terminate/2; delete viewer_registry.ex and put application.ex and board_live.ex "
             "back first.",
             must=(("viewerregistry", "viewer_registry", "second registry", "ets", "sweeper",
                    "registry"),
                   ("user's id", "user id", "keys of presence.list", "count the keys",
                    "one key per user")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "wants", "ruled out"),
             partial_means="The registry ruled out without what to do instead.",
             wrong="The locale failure given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The wrong count stops with the tracking by user id and map_size. Then the two "
             "new presence tests failed with \"Expected truthy, got false\" on "
             "has_element?(view, \"#viewer-count\", \"2 people here\") (one or both, by seed); "
             "mix clean, rm -rf _build deps with mix deps.get, and a re-run did not fix it "
             "(not a stale build or beam): render(element(...)) showed \"2 Personen hier\", "
             "the count right in German, because user_fixture picks a random locale "
             "(EASEL-290) that UserAuth's :put_locale on_mount puts in Gettext; fixed by a "
             "data-count attribute on the span in board_live.html.heex and asserting on "
             "#viewer-count[data-count=\"2\"].",
             must=(("expected truthy", "has_element", "personen hier", "locale"),
                   ("data-count",)),
             stale=("fixed by mix clean", "fixed by rm -rf", "fixed by removing _build",
                    "fixed by deleting _build", "fixed by a re-run", "fixed by re-running",
                    "fixed by a clean build", "stale build", "stale beam"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A compile error; a Presence or PubSub crash given as the test failure.",
             stale_means="The presence test failure 'fixed' by mix clean, removing _build and "
                         "deps or a re-run, or put down to a stale build of BoardLive."),
    Question("key_values", "Which key values matter?",
             "EASEL-318: board brd_4kT9wq (\"Q1 roadmap\"), 5 people here for 2, Priya 1187 "
             "(three entries) and Jon 2043 (two); 14 tickets since 2.6.0 (Dec 1); three nodes "
             "easel-1..3 (Fly, ams, libcluster DNSPoll); websocket timeout 300_000 ms "
             "(EASEL-204); the random fixture locale EASEL-290; 186 tests before, 188 pass; PR "
             "#612, commit e41c9a7; EASEL-331.",
             must=(("easel-318", "brd_4kt9wq", "5 people here", "1187", "2043", "14 tickets"),
                   ("#612", "e41c9a7", "188", "300_000", "easel-331", "easel-290")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "lib/easel_web/live/board_live.ex is the board's LiveView (Presence tracking, "
             "the viewer count, strokes over PubSub); board_live.html.heex its template (the "
             "#viewer-count span, the avatar stack); lib/easel_web/presence.ex defines "
             "EaselWeb.Presence; lib/easel_web/endpoint.ex holds the /live socket and its "
             "300_000 timeout; test/support/fixtures/accounts_fixtures.ex builds test users "
             "with a random locale; lib/easel_web/user_auth.ex's :put_locale on_mount sets "
             "Gettext's locale.",
             must=(("board_live.ex",),
                   ("board_live.html.heex", "presence.ex", "endpoint.ex", "accounts_fixtures",
                    "user_auth")),
             partial_means="The files named without what they hold.",
             wrong="viewer_registry.ex as the module that counts the viewers."),
    Question("pending", "What work is still pending?",
             "Nadia's 4: one avatar per user in the avatar stack (one meta per Presence key "
             "instead of :for={v <- @viewers} over every meta), with a test; then mix test, "
             "commit and push to #612; the websocket timeout later, in EASEL-331.",
             must=(("avatar",), ("push", "mix test", "commit")),
             partial_means="The avatar change without its test or the push, or the reverse.",
             wrong="The user-stays-on-close test or the terminate/2 reply as pending.",
             stale_means="Lowering the websocket timeout to 45_000 or the ViewerRegistry as "
                         "pending."),
    Question("state", "What is the state of the work?",
             "PR #612 is open (commit e41c9a7) with BoardLive tracking by user id and counting "
             "keys, data-count on the span and two presence tests; 188 tests, 0 failures "
             "(also under the seeds that failed), format and credo clean; Nadia's 1 was in the "
             "first commit, 2 is answered on the PR, 3 is EASEL-331; the one-avatar-per-user "
             "change is not written; production is untouched.",
             must=(("188", "0 failures", "#612 is open", "tests pass"),
                   ("not written", "avatar")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the avatars are done.",
             stale_means="Says the count comes from a ViewerRegistry ETS table."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
EASEL-318: Presence counted per socket; a ViewerRegistry ruled out; a locale test failure; Nadia's review.

Summary:
1. Primary Request and Intent:
   EASEL-318: board brd_4kT9wq said "5 people here" for Priya (1187) and Jon (2043) (14 tickets); fix it with an ExUnit test, not touching production. Latest request (Nadia's review of PR #612, with the user's take): (1) a user closing one of two tabs stays, done already with a test; (2) answer her on the PR why not untrack in terminate/2; (3) the websocket timeout is EASEL-331, not this PR; (4) yes, in this PR: one avatar per user in the avatar stack, with a test.
2. Key Technical Concepts:
   - Cause: BoardLive tracked each LiveView under socket.id and counted every meta; Safari reloads a backgrounded tab under a new socket while the old LiveView lingers (timeout: 300_000, EASEL-204).
   - Decision (the user's correction): track under the user's id with socket_id in the metas and count the keys of Presence.list (map_size); no untrack in terminate/2. This rules out the ViewerRegistry GenServer with its ETS table and sweeper (node-local on three nodes, a second source of truth).
3. Files and Code Sections:
   - lib/easel_web/live/board_live.ex (edited): the board LiveView; tracks by user id, counts keys.
   - lib/easel_web/live/board_live.html.heex (edited): the template; data-count on #viewer-count.
   - test/easel_web/live/board_live/presence_test.exs (new): the two presence tests.
   - lib/easel/boards/viewer_registry.ex: created, then deleted; application.ex reverted.
4. Errors and fixes:
   - The presence tests failed with "Expected truthy, got false" on has_element? "2 people here". mix clean, rm -rf _build deps and a re-run did not help; it was "2 Personen hier" (user_fixture's random locale, EASEL-290); fixed by asserting on data-count.
5. Problem Solving:
   Nadia's review found: closing one of two tabs (done already); why not terminate/2 (answered); the 300_000 websocket timeout (EASEL-331); one avatar per meta, Priya three times (not written).
6. All user messages:
   - The report; "No, not a second registry ... track under the user's id"; Nadia's review.
7. Pending Tasks:
   - One avatar per user in the avatar stack, with a test; mix test, push to #612.
8. Current Work:
   PR #612 is open (e41c9a7); 188 tests, 0 failures, credo clean; the avatar change is not written.
9. Optional Next Step:
   In assign_viewers take one meta per Presence key so the avatar stack shows one avatar per user, add the test, run mix test, push to #612."""
