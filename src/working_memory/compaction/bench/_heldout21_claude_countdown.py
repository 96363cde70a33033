"""Held out, twenty-first set: written 2026-12-04, after the offline handoff was last tuned, by
an author who never ran the handoff on them. Claude Code, Dart/Flutter (Flutter 3.24 on Dart 3.5,
provider, package:clock, flutter_local_notifications 17.2.2, flutter_test widget tests): Kerbside
4.12.0's parking card told a driver in Leeds (PARK-1174, session ps_7Qx2mK9d, zone 2243) she had
0:14:37 left twelve minutes after her session ended, and the ten-minutes-left warning never came
(a £70 PCN; 23 tickets like it since Nov 27), because since a91c3e2 ParkingCountdown takes one
second off a counter per Timer.periodic tick and schedules the warning as a Dart Timer, and
neither runs while iOS has the app suspended; a PauseCatchUp observer (a new
lib/parking/pause_catchup.dart: note when the app goes to the background, take the time away off
the counter on resume) written and wired in, ruled out by the user (the session has ends_at: the
time left is ends_at minus clock.now() on every tick, and the warning is scheduled with the OS by
zonedSchedule in NotificationService) and deleted, parking_countdown.dart checked out again; the
widget tests fail with MissingPluginException (No implementation found for method cancel on
channel dexterous.com/flutter/local_notifications), which flutter clean, flutter pub get and a
re-run did not fix and a FakeNotificationService given by test/helpers/pump_app.dart did (a
widget test has no platform side); a PR review with four points: one done in the first commit
(an extended session's warning rescheduled), one answered on the PR (why not poll again), one a
ticket (the phone's clock offset from the Date header, PARK-1187), one still to do (stop at
0:00:00 and say "Session ended", with a widget test); a long production compaction; the
assistant's last words announce the Date-header offset the user put off to PARK-1187."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/Users/maya/dev/kerbside-app"
_COUNTDOWN = f"{_ROOT}/lib/parking/parking_countdown.dart"
_CATCHUP = f"{_ROOT}/lib/parking/pause_catchup.dart"
_NOTIFY = f"{_ROOT}/lib/notifications/notification_service.dart"
_TEST = f"{_ROOT}/test/parking/parking_countdown_test.dart"
_PUMP = f"{_ROOT}/test/helpers/pump_app.dart"
_FAKE = f"{_ROOT}/test/helpers/fake_notification_service.dart"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_COUNTDOWN_SRC = """import 'dart:async';

import 'package:flutter/material.dart';
import 'package:provider/provider.dart';

import '../l10n/app_localizations.dart';
import '../notifications/notification_service.dart';
import 'parking_session.dart';
import 'remaining_format.dart';

/// The live countdown on the active-session card. Since 4.12.0 it counts down on the device
/// instead of polling GET /v2/sessions/{id} every 30 s.
class ParkingCountdown extends StatefulWidget {
  const ParkingCountdown({super.key, required this.session});

  final ParkingSession session;

  @override
  State<ParkingCountdown> createState() => _ParkingCountdownState();
}

class _ParkingCountdownState extends State<ParkingCountdown> {
  static const _warnBefore = Duration(minutes: 10);

  late Duration _remaining;
  Timer? _ticker;
  Timer? _warning;

  @override
  void initState() {
    super.initState();
    _remaining = widget.session.endsAt.difference(DateTime.now());
    _ticker = Timer.periodic(const Duration(seconds: 1), (_) {
      setState(() => _remaining -= const Duration(seconds: 1));
    });
    final untilWarning = _remaining - _warnBefore;
    if (untilWarning > Duration.zero) {
      _warning = Timer(untilWarning, () {
        context.read<NotificationService>().showParkingWarning(widget.session);
      });
    }
  }

  @override
  void dispose() {
    _ticker?.cancel();
    _warning?.cancel();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) {
    final l10n = AppLocalizations.of(context);
    final text = formatRemaining(_remaining);
    return Semantics(
      label: l10n.timeLeft(text),
      child: Text(text, style: Theme.of(context).textTheme.displaySmall),
    );
  }
}
"""

_CATCHUP_SRC = """import 'package:flutter/widgets.dart';

/// PARK-1174: iOS suspends the app in the background and the countdown's Timer stops ticking.
/// Notes when the app goes to the background and reports how long it was away on resume, so
/// the countdown can take that time off.
class PauseCatchUp with WidgetsBindingObserver {
  PauseCatchUp({required this.onResumed});

  /// Called on resume with the time the app spent in the background.
  final void Function(Duration away) onResumed;
  DateTime? _pausedAt;

  void attach() => WidgetsBinding.instance.addObserver(this);
  void detach() => WidgetsBinding.instance.removeObserver(this);

  @override
  void didChangeAppLifecycleState(AppLifecycleState state) {
    if (state == AppLifecycleState.paused || state == AppLifecycleState.hidden) {
      _pausedAt ??= DateTime.now();
    } else if (state == AppLifecycleState.resumed && _pausedAt != null) {
      onResumed(DateTime.now().difference(_pausedAt!));
      _pausedAt = null;
    }
  }
}
"""

_PUMP_SRC = """import 'package:flutter/material.dart';
import 'package:flutter_local_notifications/flutter_local_notifications.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:kerbside/l10n/app_localizations.dart';
import 'package:kerbside/notifications/notification_service.dart';
import 'package:provider/provider.dart';

extension PumpApp on WidgetTester {
  /// [widget] inside the app's providers, localizations and a Scaffold.
  Future<void> pumpApp(Widget widget) => pumpWidget(
        Provider<NotificationService>(
          create: (_) => NotificationService(FlutterLocalNotificationsPlugin()),
          child: MaterialApp(
            localizationsDelegates: AppLocalizations.localizationsDelegates,
            supportedLocales: AppLocalizations.supportedLocales,
            home: Scaffold(body: widget),
          ),
        ),
      );
}
"""

_FAKE_SRC = """import 'package:kerbside/notifications/notification_service.dart';
import 'package:kerbside/parking/parking_session.dart';

/// A widget test has no platform side: the real NotificationService calls the
/// flutter_local_notifications method channel, which throws MissingPluginException there.
/// Records the parking warnings the app schedules instead.
class FakeNotificationService implements NotificationService {
  /// When each scheduled warning would show, in the order scheduled.
  final warnings = <DateTime>[];

  @override
  Future<void> scheduleParkingWarning(ParkingSession session) async {
    warnings.add(session.endsAt.subtract(NotificationService.parkingWarningBefore));
  }

  @override
  Future<void> cancelParkingWarning() async {}

  @override
  dynamic noSuchMethod(Invocation invocation) => super.noSuchMethod(invocation);
}
"""


def _failure(load: int) -> str:
    """The four countdown tests failing, the first after `load` seconds of compiling."""
    return (
        f"00:{load:02d} +0: loading {_TEST}\n"
        f"00:{load + 1:02d} +0: ParkingCountdown shows the time left on the card\n"
        "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞═══════════════════════════════════════════\n"
        "The following MissingPluginException was thrown running a test:\n"
        "MissingPluginException(No implementation found for method cancel on channel\n"
        "dexterous.com/flutter/local_notifications)\n\n"
        "When the exception was thrown, this was the stack:\n"
        "#0      MethodChannel._invokeMethod (package:flutter/src/services/platform_channel.dart:"
        "332:7)\n"
        "<asynchronous suspension>\n"
        "#1      NotificationService.scheduleParkingWarning (package:kerbside/notifications/"
        "notification_service.dart:84:5)\n"
        "<asynchronous suspension>\n\n"
        "The test description was:\n"
        "  ParkingCountdown shows the time left on the card\n"
        "═══════════════════════════════════════════════════════════════════════════════════════════\n"
        f"00:{load + 1:02d} +0 -1: ParkingCountdown shows the time left on the card [E]\n"
        "  Test failed. See exception logs above.\n"
        "  The test description was: ParkingCountdown shows the time left on the card\n\n"
        f"00:{load + 1:02d} +0 -2: ParkingCountdown counts down every second [E]\n"
        "  Test failed. See exception logs above.\n"
        f"00:{load + 1:02d} +0 -3: ParkingCountdown reads the time left to a screen reader [E]\n"
        "  Test failed. See exception logs above.\n"
        f"00:{load + 2:02d} +0 -4: ParkingCountdown shows endsAt minus now after a suspension (PARK-1174) [E]\n"
        "  Test failed. See exception logs above.\n"
        f"00:{load + 3:02d} +7 -4: Some tests failed.\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "PARK-1174 from support: a driver in Leeds (zone 2243) started a 2-hour session at 13:05 "
    "on Dec 3 (session ps_7Qx2mK9d), locked her iPhone, never got the 10-minutes-left "
    "warning, and got a £70 PCN at 15:11. When she opened the app at 15:17 the card still said "
    "0:14:37 left. Support has 23 tickets like it since 4.12.0 went out on Nov 27 (19 iPhone, "
    "4 Android). The countdown is lib/parking/parking_countdown.dart. Find out why and fix it. "
    "Don't touch her session or the refunds, support is handling the appeal with the council. "
    "The backend is fine: ends_at on the session is right."
)
s.call("Read", _numbered(_COUNTDOWN_SRC), file_path=_COUNTDOWN)
s.call(
    "Bash",
    "a91c3e2 2026-11-21 Maya Okafor parking: count the session down on the device instead of "
    "polling GET /v2/sessions every 30 s (battery)\n"
    "5d0c7aa 2026-08-14 Maya Okafor parking: active session card with countdown\n"
    "---\n"
    "12:  factory ParkingSession.fromJson(Map<String, dynamic> json) => ParkingSession(\n"
    "13-        id: json['id'] as String,\n"
    "14-        zoneCode: json['zone_code'] as String,\n"
    "15-        vehicleReg: json['vehicle_reg'] as String,\n"
    "16-        startedAt: DateTime.parse(json['started_at'] as String),\n"
    "17-        endsAt: DateTime.parse(json['ends_at'] as String), // UTC, e.g. "
    "2026-12-03T15:05:00Z\n"
    "18-      );\n"
    "---\n"
    "31:  static const parkingWarningId = 7101;\n"
    "--\n"
    "58:  Future<void> showParkingWarning(ParkingSession session) => _plugin.show(\n"
    "59-        parkingWarningId,\n"
    "60-        'Parking ends in 10 minutes',\n"
    "61-        '${session.zoneCode} · ${session.vehicleReg}',\n"
    "62-        _parkingDetails,\n"
    "63-        payload: 'session:${session.id}',\n"
    "64-      );\n"
    "--\n"
    "71:  Future<void> scheduleReceiptReminder(Receipt receipt, DateTime at) => "
    "_plugin.zonedSchedule(\n"
    "---\n"
    "  provider: ^6.1.2\n"
    "  clock: ^1.1.1\n"
    "  timezone: ^0.9.4\n"
    "  flutter_local_notifications: ^17.2.2\n",
    "The card sets _remaining once and then takes a second off per tick. Checking when that "
    "came in, what the session carries, and how the warning is shown.",
    command="git log --format='%h %ad %an %s' --date=short -- lib/parking/parking_countdown.dart "
    "&& echo --- && grep -n -A6 'factory ParkingSession.fromJson' lib/parking/parking_session.dart "
    "&& echo --- && grep -n -E -A6 'parkingWarningId =|showParkingWarning|zonedSchedule\\(' "
    "lib/notifications/notification_service.dart | head -20 && echo --- && grep -E "
    "'^  (provider|clock|timezone|flutter_local_notifications):' pubspec.yaml",
    description="The countdown's history, the session model, the warning, the dependencies",
)
s.call(
    "Write",
    f"File created successfully at: {_CATCHUP}",
    "Found it. Since a91c3e2 (4.12.0) the card computes endsAt minus now once, in initState, "
    "and then takes one second off per Timer.periodic tick. When iOS suspends the app no tick "
    "runs, so the count stands still while the clock doesn't: her card was 26 min 37 s behind "
    "when she opened it at 15:17 (it said 0:14:37 twelve minutes after 15:05). The warning is "
    "a Dart Timer of remaining minus 10 minutes, which doesn't run while suspended either. "
    "Plan: catch up on resume. A PauseCatchUp observer notes when the app goes to the "
    "background and, on resume, the countdown takes the time away off the counter and shows "
    "the warning at once if its time passed meanwhile.",
    file_path=_CATCHUP,
    content=_CATCHUP_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 4 edits to {_COUNTDOWN}",
    file_path=_COUNTDOWN,
    edits=[
        {
            "old_string": "import 'parking_session.dart';\n",
            "new_string": "import 'parking_session.dart';\nimport 'pause_catchup.dart';\n",
        },
        {
            "old_string": "  Timer? _warning;\n",
            "new_string": "  Timer? _warning;\n  late final PauseCatchUp _catchUp;\n",
        },
        {
            "old_string": "    final untilWarning = _remaining - _warnBefore;\n",
            "new_string": "    _catchUp = PauseCatchUp(onResumed: (away) {\n"
            "      setState(() => _remaining -= away);\n"
            "      if (_remaining <= _warnBefore && _warning != null) {\n"
            "        _warning!.cancel();\n"
            "        context.read<NotificationService>().showParkingWarning(widget.session);\n"
            "      }\n"
            "    })\n"
            "      ..attach();\n"
            "    final untilWarning = _remaining - _warnBefore;\n",
        },
        {
            "old_string": "    _warning?.cancel();\n    super.dispose();\n",
            "new_string": "    _warning?.cancel();\n    _catchUp.detach();\n    super.dispose();\n",
        },
    ],
)
s.call(
    "Bash",
    "00:02 +0: loading " + _ROOT + "/test/parking/active_session_card_test.dart\n"
    "00:05 +10: All tests passed!\n",
    "Running the parking tests.",
    command="flutter test test/parking/",
    description="Run the parking tests",
)
s.user(
    "No, don't patch the counter with a pause clock. The session has ends_at from the API: the "
    "time left is ends_at minus now, computed on every tick, so there's nothing to catch up "
    "and nothing to get wrong when iOS suspends us, or when Android's Doze holds the timer. "
    "Use clock.now() from package:clock, it's already a dependency, so the tests can move the "
    "time. And the 10-minute warning can't come from a Dart timer at all: schedule it with the "
    "OS, zonedSchedule in NotificationService, the way the receipt reminders are. Delete "
    "pause_catchup.dart and put parking_countdown.dart back first."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n",
    "Dropping the catch-up: deleting pause_catchup.dart and checking parking_countdown.dart out "
    "again.",
    command="rm lib/parking/pause_catchup.dart && git checkout -- "
    "lib/parking/parking_countdown.dart && git status --short",
    description="Delete pause_catchup.dart and revert the countdown",
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_COUNTDOWN}",
    "The card now derives the time left from endsAt on every tick, from an injectable Clock, "
    "and hands the warning to NotificationService in initState, and again in didUpdateWidget "
    "when endsAt changes.",
    file_path=_COUNTDOWN,
    edits=[
        {
            "old_string": "import 'package:flutter/material.dart';\n",
            "new_string": "import 'package:clock/clock.dart';\nimport "
            "'package:flutter/material.dart';\n",
        },
        {
            "old_string": "  const ParkingCountdown({super.key, required this.session});\n\n"
            "  final ParkingSession session;\n",
            "new_string": "  const ParkingCountdown({super.key, required this.session, "
            "this.clock = const Clock()});\n\n"
            "  final ParkingSession session;\n  final Clock clock;\n",
        },
        {
            "old_string": "  static const _warnBefore = Duration(minutes: 10);\n\n"
            "  late Duration _remaining;\n  Timer? _ticker;\n  Timer? _warning;\n\n"
            "  @override\n  void initState() {\n    super.initState();\n"
            "    _remaining = widget.session.endsAt.difference(DateTime.now());\n"
            "    _ticker = Timer.periodic(const Duration(seconds: 1), (_) {\n"
            "      setState(() => _remaining -= const Duration(seconds: 1));\n    });\n"
            "    final untilWarning = _remaining - _warnBefore;\n"
            "    if (untilWarning > Duration.zero) {\n"
            "      _warning = Timer(untilWarning, () {\n"
            "        context.read<NotificationService>().showParkingWarning(widget.session);\n"
            "      });\n    }\n  }\n\n"
            "  @override\n  void dispose() {\n    _ticker?.cancel();\n    _warning?.cancel();\n"
            "    super.dispose();\n  }\n",
            "new_string": "  late Duration _remaining;\n  Timer? _ticker;\n\n"
            "  @override\n  void initState() {\n    super.initState();\n    _tick();\n"
            "    _ticker = Timer.periodic(const Duration(seconds: 1), (_) => setState(_tick));\n"
            "    context.read<NotificationService>().scheduleParkingWarning(widget.session);\n"
            "  }\n\n"
            "  /// PARK-1174: the time left is always endsAt minus now, never counted down, so a\n"
            "  /// suspended app shows the right time the moment it runs again.\n"
            "  void _tick() => _remaining = "
            "widget.session.endsAt.difference(widget.clock.now());\n\n"
            "  @override\n  void didUpdateWidget(ParkingCountdown old) {\n"
            "    super.didUpdateWidget(old);\n"
            "    if (old.session.endsAt != widget.session.endsAt) {\n      _tick();\n"
            "      // an extended session: the OS warning moves with endsAt\n"
            "      context.read<NotificationService>().scheduleParkingWarning(widget.session);\n"
            "    }\n  }\n\n"
            "  @override\n  void dispose() {\n    _ticker?.cancel();\n    super.dispose();\n  }\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_NOTIFY}",
    "NotificationService gets scheduleParkingWarning in place of showParkingWarning: it "
    "cancels 7101 first (one session is active at a time, so an extended session's warning "
    "replaces the old one) and schedules it with zonedSchedule at endsAt minus 10 minutes, "
    "like scheduleReceiptReminder, exact and allowed while idle.",
    file_path=_NOTIFY,
    edits=[
        {
            "old_string": "import 'package:flutter_local_notifications/"
            "flutter_local_notifications.dart';\n",
            "new_string": "import 'package:clock/clock.dart';\nimport "
            "'package:flutter_local_notifications/flutter_local_notifications.dart';\n",
        },
        {
            "old_string": "  Future<void> showParkingWarning(ParkingSession session) => "
            "_plugin.show(\n"
            "        parkingWarningId,\n"
            "        'Parking ends in 10 minutes',\n"
            "        '${session.zoneCode} · ${session.vehicleReg}',\n"
            "        _parkingDetails,\n"
            "        payload: 'session:${session.id}',\n"
            "      );\n",
            "new_string": "  static const parkingWarningBefore = Duration(minutes: 10);\n\n"
            "  /// Schedules the ten-minutes-left warning with the OS (PARK-1174): a Dart timer "
            "does not\n  /// run while iOS has the app suspended. Replaces the warning of an "
            "earlier endsAt.\n"
            "  Future<void> scheduleParkingWarning(ParkingSession session) async {\n"
            "    await _plugin.cancel(parkingWarningId);\n"
            "    final at = session.endsAt.subtract(parkingWarningBefore);\n"
            "    if (!at.isAfter(clock.now())) return;\n"
            "    await _plugin.zonedSchedule(\n"
            "      parkingWarningId,\n"
            "      'Parking ends in 10 minutes',\n"
            "      '${session.zoneCode} · ${session.vehicleReg}',\n"
            "      tz.TZDateTime.from(at.toUtc(), tz.UTC),\n"
            "      _parkingDetails,\n"
            "      androidScheduleMode: AndroidScheduleMode.exactAllowWhileIdle,\n"
            "      uiLocalNotificationDateInterpretation:\n"
            "          UILocalNotificationDateInterpretation.absoluteTime,\n"
            "      payload: 'session:${session.id}',\n"
            "    );\n  }\n\n"
            "  Future<void> cancelParkingWarning() => _plugin.cancel(parkingWarningId);\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_TEST}",
    file_path=_TEST,
    edits=[
        {
            "old_string": "import 'package:flutter_test/flutter_test.dart';\n",
            "new_string": "import 'package:clock/clock.dart';\n"
            "import 'package:flutter_test/flutter_test.dart';\n",
        },
        {
            "old_string": "    expect(find.text('0:29:58'), findsOneWidget);\n  });\n});\n",
            "new_string": "    expect(find.text('0:29:58'), findsOneWidget);\n  });\n\n"
            "  testWidgets('shows endsAt minus now after a suspension (PARK-1174)', "
            "(tester) async {\n"
            "    var now = DateTime.utc(2026, 12, 3, 13, 5);\n"
            "    final session = fakeSession(endsAt: DateTime.utc(2026, 12, 3, 15, 5));\n"
            "    await tester.pumpApp(ParkingCountdown(session: session, clock: Clock(() => "
            "now)));\n"
            "    expect(find.text('2:00:00'), findsOneWidget);\n\n"
            "    // suspended from 13:05 to 14:58: no tick ran in between\n"
            "    now = DateTime.utc(2026, 12, 3, 14, 58);\n"
            "    await tester.pump(const Duration(seconds: 1));\n"
            "    expect(find.text('0:07:00'), findsOneWidget);\n  });\n});\n",
        },
    ],
)
s.call(
    "Bash",
    _failure(3),
    "Running the parking tests.",
    command="flutter test test/parking/",
    description="Run the parking tests",
)
s.call(
    "Bash",
    "Deleting build...                                                   38ms\n"
    "Deleting .dart_tool...                                              12ms\n"
    "Deleting ephemeral...                                                1ms\n"
    "Deleting Generated.xcconfig...                                       0ms\n"
    "Deleting flutter_export_environment.sh...                            0ms\n"
    "Deleting .flutter-plugins-dependencies...                            0ms\n"
    "Deleting .flutter-plugins...                                         0ms\n"
    "Resolving dependencies... \nDownloading packages... \nGot dependencies!\n"
    "9 packages have newer versions incompatible with dependency constraints.\n"
    "Try `flutter pub outdated` for more information.\n" + _failure(14),
    "MissingPluginException usually means a stale build: the plugin registrant wasn't "
    "regenerated after the plugin change. Cleaning, fetching the packages and running the "
    "tests again.",
    command="flutter clean && flutter pub get && flutter test test/parking/",
    description="flutter clean, pub get, and run the parking tests again",
)
s.call(
    "Read",
    _numbered(_PUMP_SRC),
    "Same four failures after a clean build, so it isn't the build. The exception comes from "
    "cancel, the first call of scheduleParkingWarning: a widget test runs on the host with no "
    "platform side, so any call on the plugin's method channel has no implementation. Before, "
    "the warning was a Dart Timer that never fired within a test. Checking what pumpApp "
    "provides.",
    file_path=_PUMP,
)
s.call(
    "Write",
    f"File created successfully at: {_FAKE}",
    "That's it: pumpApp provides the real NotificationService over a real "
    "FlutterLocalNotificationsPlugin. A FakeNotificationService that records the warnings "
    "scheduled, given by pumpApp, so no widget test reaches the channel.",
    file_path=_FAKE,
    content=_FAKE_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 3 edits to {_PUMP}",
    file_path=_PUMP,
    edits=[
        {
            "old_string": "import 'package:flutter_local_notifications/"
            "flutter_local_notifications.dart';\n",
            "new_string": "",
        },
        {
            "old_string": "import 'package:provider/provider.dart';\n",
            "new_string": "import 'package:provider/provider.dart';\n\n"
            "import 'fake_notification_service.dart';\n",
        },
        {
            "old_string": "  Future<void> pumpApp(Widget widget) => pumpWidget(\n"
            "        Provider<NotificationService>(\n"
            "          create: (_) => "
            "NotificationService(FlutterLocalNotificationsPlugin()),\n",
            "new_string": "  /// Widget tests have no platform side, so the notifications are faked.\n"
            "  Future<void> pumpApp(Widget widget, {NotificationService? notifications}) =>\n"
            "      pumpWidget(\n"
            "        Provider<NotificationService>.value(\n"
            "          value: notifications ?? FakeNotificationService(),\n",
        },
    ],
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_TEST}",
    "With the fake in place, a test that the warning is handed over for 14:55 UTC, 10 minutes "
    "before a 15:05 end.",
    file_path=_TEST,
    edits=[
        {
            "old_string": "import '../helpers/pump_app.dart';\n",
            "new_string": "import '../helpers/fake_notification_service.dart';\n"
            "import '../helpers/pump_app.dart';\n",
        },
        {
            "old_string": "    expect(find.text('0:07:00'), findsOneWidget);\n  });\n});\n",
            "new_string": "    expect(find.text('0:07:00'), findsOneWidget);\n  });\n\n"
            "  testWidgets('schedules the warning 10 minutes before endsAt', (tester) async {\n"
            "    final notifications = FakeNotificationService();\n"
            "    final session = fakeSession(endsAt: DateTime.utc(2026, 12, 3, 15, 5));\n"
            "    await tester.pumpApp(\n"
            "      ParkingCountdown(session: session, clock: Clock.fixed(DateTime.utc(2026, 12, "
            "3, 13, 5))),\n"
            "      notifications: notifications,\n    );\n"
            "    expect(notifications.warnings, [DateTime.utc(2026, 12, 3, 14, 55)]);\n"
            "  });\n});\n",
        },
    ],
)
s.call(
    "Bash",
    "00:04 +10: loading " + _TEST + "\n"
    "00:06 +12: All tests passed!\n---\n"
    "00:21 +214: All tests passed!\n---\n"
    "Analyzing kerbside-app...\nNo issues found! (ran in 4.1s)\n---\n"
    "Formatted 143 files (0 changed) in 0.58 seconds.\n---\n"
    "Switched to a new branch 'fix/park-1174-countdown-from-ends-at'\n"
    "[fix/park-1174-countdown-from-ends-at 7be20f4] parking: time left from endsAt, the warning "
    "scheduled with the OS (PARK-1174)\n"
    " 5 files changed, 91 insertions(+), 24 deletions(-)\n"
    " create mode 100644 test/helpers/fake_notification_service.dart\n"
    "branch 'fix/park-1174-countdown-from-ends-at' set up to track "
    "'origin/fix/park-1174-countdown-from-ends-at'.\n"
    "https://github.com/kerbside/kerbside-app/pull/1482\n",
    "Running the parking tests, the whole suite, the analyzer and the formatter, then the PR.",
    command="flutter test test/parking/ && echo --- && flutter test && echo --- && flutter "
    "analyze && echo --- && dart format --set-exit-if-changed lib test && echo --- && git "
    "checkout -b fix/park-1174-countdown-from-ends-at && git add -A && git commit -m 'parking: "
    "time left from endsAt, the warning scheduled with the OS (PARK-1174)' && git push -u "
    "origin HEAD && gh pr create --fill",
    description="Parking tests, the full suite, analyze and format; then commit, push, open the PR",
)
s.say(
    "PR #1482 is up. ParkingCountdown now computes the time left as endsAt minus clock.now() "
    "on every tick, so a suspended app shows the right time as soon as it runs again, and the "
    "ten-minutes-left warning is scheduled with the OS by NotificationService."
    "scheduleParkingWarning (zonedSchedule at endsAt minus 10 minutes, id 7101 cancelled "
    "first), again when endsAt changes. The widget tests get a FakeNotificationService from "
    "pumpApp. A new test puts the clock from 13:05 to 14:58 with no tick in between and sees "
    "0:07:00; another sees the warning at 14:55. 214 tests pass, analyze and format are clean. "
    "Her session and the refunds are untouched."
)
s.user(
    "Emeka reviewed #1482:\n"
    "1. Extending a session (the +30 min button) moves ends_at. The warning scheduled for the "
    "old end still fires 30 minutes early, and a second one gets scheduled on top.\n"
    "2. Why not go back to polling GET /v2/sessions/{id} every 30 s like before 4.12.0? The "
    "server's clock is the one the wardens go by.\n"
    "3. ends_at minus the phone's clock is only right if the phone's clock is. Users who set "
    "the time by hand will see the wrong time left. Take an offset from the Date header of the "
    "sessions response.\n"
    "4. After ends_at the card shows a negative time, -0:03:12, and keeps ticking. It should "
    "stop at 0:00:00 and say the session ended.\n"
    "My take: 1 you did already: scheduleParkingWarning cancels 7101 before it schedules, and "
    "didUpdateWidget reschedules when endsAt changes. 2 answer him on the PR: polling was "
    "dropped in 4.12.0 for the battery (a91c3e2), and a suspended app doesn't poll either; "
    "only a notification the OS schedules arrives while we're suspended. 3 is PARK-1187, not "
    "this PR. 4 yes, in this PR: clamp at Duration.zero, cancel the ticker, show "
    'l10n.sessionEnded ("Session ended", it\'s in app_en.arb already), with a widget test.'
)
s.call(
    "Bash",
    "https://github.com/kerbside/kerbside-app/pull/1482#issuecomment-2554118093\n",
    "Answering Emeka's 2 on the PR: polling went in 4.12.0 for the battery, and a suspended "
    "app doesn't poll any more than it ticks; only a notification the OS holds arrives while "
    "the app is suspended.",
    command="gh pr comment 1482 --body-file /tmp/pr1482-polling.md",
    description="Reply to the review on polling",
)
s.say(
    "2 is answered on #1482, and 1 was in the first commit. Next, Emeka's 3: I'll take a "
    "server clock offset from the Date header of the GET /v2/sessions response in ApiClient "
    "and subtract it in the countdown, so a phone whose clock is set by hand still shows the "
    "right time left."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "PARK-1174: Kerbside 4.12.0's parking card showed a driver in Leeds (zone 2243, "
             "session ps_7Qx2mK9d, 13:05 to 15:05) 0:14:37 left at 15:17, and the "
             "ten-minutes-left warning never came (a £70 PCN; 23 tickets like it since Nov "
             "27), because ParkingCountdown takes a second off a counter per Timer tick and "
             "warns with a Dart Timer, neither of which runs while iOS suspends the app; find "
             "why and fix it, without touching her session or the refunds.",
             must=(("park-1174", "parkingcountdown", "countdown", "parking card",
                    "kerbside"),
                   ("suspend", "0:14:37", "14:37", "warning", "£70", "pcn", "behind")),
             partial_means="The wrong time left without the missing warning or why, or the "
                           "reverse.",
             wrong="A wrong ends_at from the backend; a time-zone bug; the driver's clock."),
    Question("latest_request", "What did the user last ask?",
             "Emeka's review of PR #1482 with the user's take: (1) the rescheduled warning is "
             "done already (scheduleParkingWarning cancels 7101, didUpdateWidget reschedules); "
             "(2) answer him on the PR: polling was dropped in 4.12.0 for the battery "
             "(a91c3e2) and a suspended app doesn't poll either; (3) the Date-header clock "
             "offset is PARK-1187, not this PR; (4) yes, in this PR: clamp at Duration.zero, "
             "cancel the ticker, show l10n.sessionEnded (\"Session ended\"), with a widget "
             "test.",
             must=(("session ended", "sessionended", "clamp", "duration.zero", "negative"),
                   ("park-1187", "7101", "answer him", "a91c3e2", "polling")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "emeka", "take"),
             partial_means="One of the points to act on.",
             wrong="Taking a clock offset from the Date header now; going back to polling.",
             stale_means="The PARK-1174 report or the no-pause-clock correction given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Emeka's 4: in parking_countdown.dart clamp the time left at Duration.zero, "
             "cancel the ticker once endsAt has passed and show l10n.sessionEnded (\"Session "
             "ended\", already in app_en.arb) instead of a negative time like -0:03:12, with a "
             "widget test; run flutter test, then commit and push to PR #1482.",
             must=(("clamp", "duration.zero", "session ended", "sessionended", "negative"),
                   ("flutter test", "push", "commit")),
             stale=("date header", "clock offset"),
             partial_means="The clamp without its test or the push, or the push alone.",
             wrong="Answering Emeka's 2 (done); touching the driver's session.",
             stale_means="Says to take a server clock offset from the Date header in ApiClient "
                         "(put off by the user to PARK-1187) or to reschedule the warning when "
                         "the session is extended (done already in the first commit)."),
    Question("files_edited", "Which files were changed, and why?",
             "lib/parking/parking_countdown.dart (the time left from endsAt minus clock.now() "
             "on every tick, an injectable Clock, the warning handed to NotificationService in "
             "initState and didUpdateWidget, no Dart warning Timer); "
             "lib/notifications/notification_service.dart (scheduleParkingWarning: cancel 7101, "
             "zonedSchedule at endsAt minus 10 minutes, in place of showParkingWarning); "
             "test/parking/parking_countdown_test.dart (the suspension and warning tests); "
             "test/helpers/fake_notification_service.dart (new) and test/helpers/pump_app.dart "
             "(gives the fake). lib/parking/pause_catchup.dart was created and deleted, and "
             "parking_countdown.dart's catch-up edit reverted.",
             must=(("parking_countdown.dart",), ("notification_service.dart",),
                   ("pump_app", "fake_notification_service", "fakenotificationservice"),
                   ("parking_countdown_test",)),
             stale=("pause_catchup",),
             spread=True,
             partial_means="Two or three of the files.",
             wrong="parking_session.dart or app_en.arb given as edited.",
             stale_means="lib/parking/pause_catchup.dart listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The time left is derived on every tick as the session's endsAt minus "
             "clock.now() (package:clock, injectable), never counted down, and the "
             "ten-minutes-left warning is scheduled with the OS by zonedSchedule in "
             "NotificationService (id 7101, cancelled and rescheduled when endsAt changes); it "
             "rules out the PauseCatchUp observer that took the time spent in the background "
             "off the counter on resume, a Dart Timer for the warning, and going back to "
             "polling GET /v2/sessions.",
             must=(("ends_at minus", "endsat minus", "minus now", "minus clock.now",
                    "zonedschedule"),
                   ("pause", "catch up", "catch-up", "pausecatchup", "polling")),
             stale=("pausecatchup", "catch up on resume", "takes the time away off"),
             partial_means="The derived time left or the OS warning without what it rules "
                           "out.",
             wrong="A longer Timer period; a background fetch task.",
             stale_means="A PauseCatchUp observer that notes when the app goes to the "
                         "background and takes the time away off the counter on resume, "
                         "given as the design."),
    Question("review", "What did the review find?",
             "Emeka on #1482: (1) extending a session moves ends_at, so the old warning must be "
             "cancelled and rescheduled (done already); (2) why not poll GET /v2/sessions "
             "every 30 s again (answered on the PR: battery, and a suspended app doesn't "
             "poll); (3) ends_at minus the phone's clock is wrong when the clock is set by "
             "hand: an offset from the Date header (PARK-1187); (4) after ends_at the card "
             "shows a negative time, -0:03:12: stop at 0:00:00 and say the session ended (to "
             "do, in this PR).",
             must=(("extend", "+30", "reschedul", "30 minutes early"), ("polling", "poll"),
                   ("park-1187", "date header", "phone's clock", "offset"),
                   ("negative", "-0:03:12", "session ended", "0:00:00")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "emeka", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The MissingPluginException given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Don't patch the counter with a pause clock (the PauseCatchUp catch-up): the "
             "session has ends_at, so the time left is ends_at minus clock.now() (package:clock, "
             "so tests can move the time) on every tick, with nothing to catch up; the warning "
             "can't be a Dart timer: schedule it with the OS by zonedSchedule in "
             "NotificationService, like the receipt reminders; delete pause_catchup.dart and "
             "put parking_countdown.dart back first.",
             must=(("pause clock", "patch the counter", "pausecatchup", "pause_catchup",
                    "catch up", "catch-up"),
                   ("ends_at minus now", "endsat minus", "minus now", "zonedschedule",
                    "clock.now")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The pause clock ruled out without what to do instead.",
             wrong="The MissingPluginException given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The wrong time left and the missing warning stop with the time left from endsAt "
             "and the OS-scheduled warning. Then four widget tests in test/parking failed with "
             "MissingPluginException (No implementation found for method cancel on channel "
             "dexterous.com/flutter/local_notifications) from scheduleParkingWarning; flutter "
             "clean, flutter pub get and a re-run did not fix it (not a stale build: a widget "
             "test has no platform side, and pumpApp provided the real NotificationService); "
             "fixed by a FakeNotificationService in test/helpers, given by pump_app.dart.",
             must=(("missingpluginexception", "no implementation found"),
                   ("fakenotificationservice", "fake_notification_service", "pump_app",
                    "no platform side", "fake notification")),
             stale=("fixed by flutter clean", "fixed by flutter pub get", "fixed by a re-run",
                    "fixed by re-running", "fixed by cleaning", "fixed by a clean build",
                    "stale build", "registrant wasn't regenerated"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="An analyzer warning; the PCN given as a test error.",
             stale_means="The MissingPluginException 'fixed' by flutter clean, flutter pub get "
                         "or a re-run, or put down to a stale build."),
    Question("key_values", "Which key values matter?",
             "PARK-1174: session ps_7Qx2mK9d in zone 2243, 13:05 to 15:05, a £70 PCN at 15:11, "
             "0:14:37 shown at 15:17 (26 min 37 s behind); 23 tickets since 4.12.0 (Nov 27; 19 "
             "iPhone, 4 Android); a91c3e2 brought the on-device count; the warning id 7101, "
             "10 minutes before endsAt; flutter_local_notifications 17.2.2; 214 tests pass; "
             "PR #1482, commit 7be20f4; PARK-1187.",
             must=(("park-1174", "ps_7qx2mk9d", "14:37", "2243", "23 tickets", "£70"),
                   ("#1482", "7be20f4", "214", "7101", "park-1187", "a91c3e2")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "lib/parking/parking_countdown.dart is the live countdown on the active-session "
             "card; lib/parking/parking_session.dart the session model (endsAt parsed from "
             "ends_at, UTC); lib/notifications/notification_service.dart wraps "
             "flutter_local_notifications (the parking warning 7101, the receipt reminders); "
             "test/helpers/pump_app.dart pumps a widget inside the app's providers; "
             "app_en.arb holds the strings (sessionEnded); remaining_format.dart formats the "
             "time left.",
             must=(("parking_countdown.dart",),
                   ("notification_service.dart", "parking_session.dart", "pump_app.dart",
                    "app_en.arb", "remaining_format")),
             partial_means="The files named without what they hold.",
             wrong="pause_catchup.dart as the observer that keeps the countdown right."),
    Question("pending", "What work is still pending?",
             "Emeka's 4: clamp at Duration.zero, cancel the ticker, show \"Session ended\" "
             "(l10n.sessionEnded), with a widget test; then flutter test, commit and push to "
             "#1482; the phone-clock offset later in PARK-1187.",
             must=(("clamp", "duration.zero", "session ended", "sessionended", "negative"),
                   ("push", "flutter test", "commit")),
             partial_means="The clamp without its test or the push, or the reverse.",
             wrong="Rescheduling the warning on extend or the reply on polling as pending.",
             stale_means="The Date-header offset or the pause catch-up as pending."),
    Question("state", "What is the state of the work?",
             "PR #1482 is open (commit 7be20f4) with the endsAt-derived countdown, "
             "scheduleParkingWarning and the faked notifications in the widget tests; 214 "
             "tests pass, analyze and format are clean; Emeka's 1 was in the first commit, 2 "
             "is answered on the PR, 3 is PARK-1187; the clamp at 0:00:00 with \"Session "
             "ended\" is not written; the driver's session is untouched.",
             must=(("214", "tests pass", "all tests passed", "#1482 is open"),
                   ("not written", "clamp", "session ended", "sessionended")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the clamp is done.",
             stale_means="Says the countdown catches up on resume with PauseCatchUp."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
PARK-1174: a countdown that stands still while iOS suspends the app; a pause catch-up, ruled out for endsAt minus now; a MissingPluginException; Emeka's review.

Summary:
1. Primary Request and Intent:
   PARK-1174: Kerbside 4.12.0's parking card showed a driver (session ps_7Qx2mK9d, zone 2243) 0:14:37 left at 15:17 and the 10-minute warning never came (£70 PCN; 23 tickets); fix it, touching nothing of her session. Latest request (Emeka's review of PR #1482, with the user's take): (1) rescheduling on extend is done already; (2) answer him on the PR: polling was dropped for the battery (a91c3e2); (3) the phone-clock offset is PARK-1187, not this PR; (4) yes, in this PR: clamp at Duration.zero and show "Session ended", with a widget test.
2. Key Technical Concepts:
   - Cause: since a91c3e2 ParkingCountdown takes a second off a counter per Timer tick and warns with a Dart Timer; neither runs while iOS suspends the app.
   - Decision (the user's correction): the time left is endsAt minus clock.now() on every tick, and the warning is scheduled with the OS by zonedSchedule in NotificationService; this rules out the PauseCatchUp catch-up on resume.
3. Files and Code Sections:
   - lib/parking/parking_countdown.dart (edited): the card's countdown; now derives the time left from endsAt, schedules the warning in initState and didUpdateWidget.
   - lib/notifications/notification_service.dart (edited): wraps flutter_local_notifications; scheduleParkingWarning replaces showParkingWarning.
   - test/parking/parking_countdown_test.dart (edited): the suspension and warning tests.
   - test/helpers/fake_notification_service.dart (new), given by test/helpers/pump_app.dart.
   - lib/parking/pause_catchup.dart: created, then deleted.
4. Errors and fixes:
   - Four widget tests failed with MissingPluginException (No implementation found for method cancel). flutter clean and pub get did not fix it; a widget test has no platform side; fixed by the FakeNotificationService from pump_app.dart.
5. Problem Solving:
   Emeka's review found: an extended session's warning (done already); why not polling (answered on #1482); the phone's clock (PARK-1187); a negative time, -0:03:12, after the end (not written).
6. All user messages:
   - The PARK-1174 report; "No, don't patch the counter with a pause clock ... schedule it with the OS"; Emeka's review.
7. Pending Tasks:
   - Clamp the time left at Duration.zero, cancel the ticker, show "Session ended", with a widget test; flutter test, push to #1482.
8. Current Work:
   PR #1482 is open (7be20f4); 214 tests pass, analyze clean; the clamp is not written.
9. Optional Next Step:
   Clamp at Duration.zero in parking_countdown.dart and show l10n.sessionEnded after endsAt, add the widget test, run flutter test, push to #1482."""
