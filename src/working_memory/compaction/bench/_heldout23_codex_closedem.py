"""Held out, twenty-third set: written 2026-12-07, while round 11 was tuned on the twenty-second
set, by an author who never ran the handoff on them. Codex, PHP 8.3 / Symfony 7.1 (Messenger on
the Doctrine transport, four supervisor-run workers, Doctrine ORM 3 on PostgreSQL 16, PHPUnit
11): PH-733, when a carrier delivers a tracking webhook twice, RecordTrackingEventHandler's
flush throws a UniqueConstraintViolationException on uniq_tracking_carrier_event, the ORM closes
the EntityManager, and since the tracking workers run messenger:consume with --no-reset
(PH-512, +18% throughput) every later message in that worker fails with "The EntityManager is
closed." until its hourly --time-limit=3600 restart (3 December: 14 duplicates, 56 unique
violations, 2,318 messages in the failed transport); a new ResetClosedEntityManagerSubscriber
(ManagerRegistry::resetManager() on WorkerMessageFailedEvent, in src/EventSubscriber/) with its
test written, 48 tests passing, then ruled out by the user (a duplicate is not a failure: it
would still be retried 3 times into the failed transport Ops pages on above 50, and a fresh
EntityManager detaches the Shipments ShipmentStatusProjector holds) for an idempotent handler
(INSERT ... ON CONFLICT DO NOTHING through DBAL, a duplicate logged at info and returned without
touching the Shipment) plus DoctrineBundle's doctrine_ping_connection and
doctrine_clear_entity_manager middleware in messenger.yaml, --no-reset kept; the subscriber and
its test deleted; every handler test then fails with 42P10 "no unique or exclusion constraint
matching the ON CONFLICT specification", which cache:clear, rm -rf var/cache/test, a test
database rebuilt from the migrations and a re-run did not fix (nothing stale) and the partial
index's predicate did (uniq_tracking_carrier_event is WHERE carrier_event_id IS NOT NULL since
PH-655's migration Version20241014093112, and ON CONFLICT infers a partial index only with its
predicate); 49 tests pass, PR #862; Ingrid's review with four points: one already done (the
predicate), one answered on the PR (why not drop --no-reset), one a ticket (stop the worker when
the EntityManager is closed, PH-741), one pending (a test that a duplicate dispatches
ShipmentStatusChanged once); Ops replays the failed messages after the deploy; the assistant's
last words only report the replies, and name no step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HANDLER = "src/MessageHandler/RecordTrackingEventHandler.php"
_HTEST = "tests/MessageHandler/RecordTrackingEventHandlerTest.php"
_SUB = "src/EventSubscriber/ResetClosedEntityManagerSubscriber.php"
_STEST = "tests/EventSubscriber/ResetClosedEntityManagerSubscriberTest.php"
_MESSENGER = "config/packages/messenger.yaml"
_SUPERVISOR = "deploy/supervisor/messenger-tracking.conf"
_MIGRATION = "migrations/Version20241014093112.php"
_ENTITY = "src/Entity/TrackingEvent.php"
_HOME = "/home/tomasz/parcelhub"

_HANDLER_SRC = (
    "<?php\n\n"
    "declare(strict_types=1);\n\n"
    "namespace App\\MessageHandler;\n\n"
    "use App\\Entity\\TrackingEvent;\n"
    "use App\\Message\\RecordTrackingEvent;\n"
    "use App\\Message\\ShipmentStatusChanged;\n"
    "use App\\Repository\\ShipmentRepository;\n"
    "use Doctrine\\ORM\\EntityManagerInterface;\n"
    "use Symfony\\Component\\Messenger\\Attribute\\AsMessageHandler;\n"
    "use Symfony\\Component\\Messenger\\Exception\\UnrecoverableMessageHandlingException;\n"
    "use Symfony\\Component\\Messenger\\MessageBusInterface;\n\n"
    "#[AsMessageHandler]\n"
    "final class RecordTrackingEventHandler\n"
    "{\n"
    "    public function __construct(\n"
    "        private readonly EntityManagerInterface $em,\n"
    "        private readonly ShipmentRepository $shipments,\n"
    "        private readonly MessageBusInterface $bus,\n"
    "    ) {\n"
    "    }\n\n"
    "    public function __invoke(RecordTrackingEvent $message): void\n"
    "    {\n"
    "        $shipment = $this->shipments->findOneByTrackingNumber($message->trackingNumber)\n"
    "            ?? throw new UnrecoverableMessageHandlingException(\n"
    "                sprintf('No shipment with tracking number %s', $message->trackingNumber)\n"
    "            );\n\n"
    "        $this->em->persist(new TrackingEvent(\n"
    "            $shipment,\n"
    "            $message->carrier,\n"
    "            $message->carrierEventId,\n"
    "            $message->status,\n"
    "            $message->occurredAt,\n"
    "            $message->payload,\n"
    "        ));\n"
    "        $changed = $shipment->applyStatus($message->status, $message->occurredAt);\n"
    "        $this->em->flush();\n\n"
    "        if ($changed) {\n"
    "            $this->bus->dispatch(new ShipmentStatusChanged($shipment->getId(), "
    "$message->status));\n"
    "        }\n"
    "    }\n"
    "}\n"
)

_MESSENGER_SRC = (
    "framework:\n"
    "    messenger:\n"
    "        failure_transport: failed\n\n"
    "        transports:\n"
    "            tracking:\n"
    "                dsn: '%env(MESSENGER_TRANSPORT_DSN)%'\n"
    "                options:\n"
    "                    queue_name: tracking\n"
    "                retry_strategy:\n"
    "                    max_retries: 3\n"
    "                    delay: 1000\n"
    "                    multiplier: 2\n"
    "            notifications:\n"
    "                dsn: '%env(MESSENGER_TRANSPORT_DSN)%'\n"
    "                options:\n"
    "                    queue_name: notifications\n"
    "            failed: 'doctrine://default?queue_name=failed'\n\n"
    "        routing:\n"
    "            App\\Message\\RecordTrackingEvent: tracking\n"
    "            App\\Message\\ShipmentStatusChanged: notifications\n\n"
    "when@test:\n"
    "    framework:\n"
    "        messenger:\n"
    "            transports:\n"
    "                tracking: 'in-memory://'\n"
    "                notifications: 'in-memory://'\n"
)

_SUPERVISOR_SRC = (
    "[program:messenger-tracking]\n"
    "command=php /srv/parcelhub/current/bin/console messenger:consume tracking "
    "--time-limit=3600 --memory-limit=256M --no-reset -vv\n"
    "process_name=%(program_name)s_%(process_num)02d\n"
    "numprocs=4\n"
    "autostart=true\n"
    "autorestart=true\n"
    "user=parcelhub\n"
    "stopwaitsecs=30\n"
)

_DUP = (
    '"Handling "App\\Message\\RecordTrackingEvent" failed: An exception occurred while '
    "executing a query: SQLSTATE[23505]: Unique violation: 7 ERROR:  duplicate key value "
    'violates unique constraint "uniq_tracking_carrier_event"\n'
    "DETAIL:  Key (carrier, carrier_event_id)=(dhl, 00340434161094042557-1701) already "
    'exists." {"class":"App\\\\Message\\\\RecordTrackingEvent","retryCount":0,"delay":1000,'
)

_42P10 = (
    "Doctrine\\DBAL\\Exception\\DriverException: An exception occurred while executing a "
    "query: SQLSTATE[42P10]: Invalid column reference: 7 ERROR:  there is no unique or "
    "exclusion constraint matching the ON CONFLICT specification\n\n"
    f"{_HOME}/vendor/doctrine/dbal/src/Driver/API/PostgreSQL/ExceptionConverter.php:87\n"
    f"{_HOME}/vendor/doctrine/dbal/src/Connection.php:1943\n"
    f"{_HOME}/vendor/doctrine/dbal/src/Connection.php:1222\n"
    f"{_HOME}/{_HANDLER}:47\n"
)

_TESTS_FAILING = (
    "PHPUnit 11.4.3 by Sebastian Bergmann and contributors.\n\n"
    "Runtime:       PHP 8.3.14\n"
    f"Configuration: {_HOME}/phpunit.xml.dist\n\n"
    "...........EEEEEE................................               49 / 49 (100%)\n\n"
    "Time: 00:04.108, Memory: 60.50 MB\n\n"
    "There were 6 errors:\n\n"
    "1) App\\Tests\\MessageHandler\\RecordTrackingEventHandlerTest::"
    "testRecordsAnEventAndUpdatesTheShipment\n" + _42P10 + f"{_HOME}/{_HTEST}:41\n\n"
    "2) App\\Tests\\MessageHandler\\RecordTrackingEventHandlerTest::"
    "testAnOlderEventDoesNotRewindTheStatus\n" + _42P10 + f"{_HOME}/{_HTEST}:53\n\n"
    "...\n\n"
    "6) App\\Tests\\MessageHandler\\RecordTrackingEventHandlerTest::"
    "testAMessageAfterADuplicateIsRecorded\n" + _42P10 + f"{_HOME}/{_HTEST}:97\n\n"
    "ERRORS!\n"
    "Tests: 49, Assertions: 118, Errors: 6.\n"
)


s = Script(f"You are Codex, a coding agent. cwd: {_HOME}")
s.user(
    "PH-733: the tracking workers keep dying. When a carrier sends us the same webhook twice, "
    "the handler throws on the unique constraint, and from then on every message that worker "
    'picks up fails with "The EntityManager is closed." until supervisor restarts it. '
    "Yesterday (3 December) the failed transport got 2,318 messages and customers' tracking "
    "pages were up to an hour behind. The four workers' logs from yesterday are in var/ph733/. "
    "Fix it so one bad message can't take a worker down. Postgres runs in docker compose, "
    "tests are bin/phpunit."
)
s.call(
    "shell",
    _HANDLER_SRC + "---\n" + _MESSENGER_SRC + "---\n" + _SUPERVISOR_SRC + "---\n"
    "5e1a9c2 PH-512: consume tracking with --no-reset (+18% throughput, profile in the "
    "ticket)\n"
    "c08b7d4 PH-447: 4 tracking workers, restart hourly\n",
    command=[
        "bash",
        "-lc",
        f"cat {_HANDLER}; echo ---; cat {_MESSENGER}; echo ---; cat {_SUPERVISOR}; echo ---; "
        "git log --oneline -2 -- deploy/supervisor",
    ],
)
s.call(
    "shell",
    "var/ph733/worker-1.log:12\n"
    "var/ph733/worker-2.log:20\n"
    "var/ph733/worker-3.log:8\n"
    "var/ph733/worker-4.log:16\n"
    "2304\n"
    "[2026-12-03T07:41:12.284113+01:00] messenger.WARNING: Error thrown while handling message "
    "App\\Message\\RecordTrackingEvent. Sending for retry #1 using 1000 ms delay. Error: "
    + _DUP
    + "\n"
    "[2026-12-03T07:41:12.309774+01:00] messenger.WARNING: Error thrown while handling message "
    "App\\Message\\RecordTrackingEvent. Sending for retry #1 using 1000 ms delay. Error: "
    '"Handling "App\\Message\\RecordTrackingEvent" failed: The EntityManager is closed." '
    '{"class":"App\\\\Message\\\\RecordTrackingEvent","retryCount":0,"delay":1000,\n'
    "---\n"
    "[2026-12-03T08:12:40.019442+01:00] messenger.INFO: Worker stopped due to time limit of "
    '3600s exceeded {"timeLimit":3600} []\n'
    "[2026-12-03T08:12:41.377920+01:00] messenger.INFO: App\\Message\\RecordTrackingEvent was "
    'handled successfully (acknowledging to transport). {"class":"App\\\\Message\\\\'
    'RecordTrackingEvent","message_id":"88213"} []\n',
    "Counting what the logs show: the unique violations per worker, the messages sent to the "
    "failure transport with the closed EntityManager, and how worker-2's bad hour began and "
    "ended.",
    command=[
        "bash",
        "-lc",
        "grep -c 'Unique violation' var/ph733/worker-*.log; grep -h 'failure transport' "
        "var/ph733/worker-*.log | grep -c 'The EntityManager is closed'; grep -m1 -A2 "
        "'Unique violation' var/ph733/worker-2.log | cut -c1-400; echo ---; grep -m1 -A1 "
        "'time limit' var/ph733/worker-2.log",
    ],
)
s.say(
    "56 unique violations over the four workers: 14 duplicate deliveries, each tried four "
    "times (the first attempt and 3 retries at 1 s, 2 s and 4 s), and 2,304 other messages "
    "sent to the failure transport with the closed EntityManager, 2,318 with the 14. The ORM "
    "closes the EntityManager when a flush throws; normally Messenger's services resetter hands "
    "the next message a fresh one, but since PH-512 the supervisor command runs "
    "messenger:consume with --no-reset, so worker-2 stayed poisoned from 07:41:12 until its "
    "--time-limit=3600 restart at 08:12:40, and each retry of a duplicate poisons whichever "
    "worker picks it up. I'll reset the EntityManager when a message fails with it closed: a "
    "new subscriber, src/EventSubscriber/ResetClosedEntityManagerSubscriber.php, on "
    "WorkerMessageFailedEvent calls ManagerRegistry::resetManager() when the EntityManager is "
    "closed, so the next message gets a fresh one while --no-reset stays for everything else. "
    "With a KernelTestCase that reproduces the duplicate."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nA {_SUB}\nA {_STEST}\n",
    input=f"*** Begin Patch\n*** Add File: {_SUB}\n"
    "+<?php\n"
    "+\n"
    "+declare(strict_types=1);\n"
    "+\n"
    "+namespace App\\EventSubscriber;\n"
    "+\n"
    "+use Doctrine\\ORM\\EntityManagerInterface;\n"
    "+use Doctrine\\Persistence\\ManagerRegistry;\n"
    "+use Psr\\Log\\LoggerInterface;\n"
    "+use Symfony\\Component\\EventDispatcher\\EventSubscriberInterface;\n"
    "+use Symfony\\Component\\Messenger\\Event\\WorkerMessageFailedEvent;\n"
    "+\n"
    "+/**\n"
    "+ * The tracking workers run with --no-reset (PH-512), so an EntityManager closed by a "
    "failed\n"
    "+ * flush stays closed for every later message until supervisor restarts the worker "
    "(PH-733).\n"
    "+ * Re-create it as soon as a message fails with it closed.\n"
    "+ */\n"
    "+final class ResetClosedEntityManagerSubscriber implements EventSubscriberInterface\n"
    "+{\n"
    "+    public function __construct(\n"
    "+        private readonly ManagerRegistry $registry,\n"
    "+        private readonly LoggerInterface $logger,\n"
    "+    ) {\n"
    "+    }\n"
    "+\n"
    "+    public static function getSubscribedEvents(): array\n"
    "+    {\n"
    "+        return [WorkerMessageFailedEvent::class => ['onMessageFailed', -100]];\n"
    "+    }\n"
    "+\n"
    "+    public function onMessageFailed(WorkerMessageFailedEvent $event): void\n"
    "+    {\n"
    "+        $em = $this->registry->getManager();\n"
    "+        if ($em instanceof EntityManagerInterface && !$em->isOpen()) {\n"
    "+            $this->registry->resetManager();\n"
    "+            $this->logger->warning('EntityManager closed by a failed message, reset', [\n"
    "+                'transport' => $event->getReceiverName(),\n"
    "+            ]);\n"
    "+        }\n"
    "+    }\n"
    "+}\n"
    f"*** Add File: {_STEST}\n"
    "+<?php\n"
    "+\n"
    "+declare(strict_types=1);\n"
    "+\n"
    "+namespace App\\Tests\\EventSubscriber;\n"
    "+\n"
    "+use App\\Message\\RecordTrackingEvent;\n"
    "+use App\\MessageHandler\\RecordTrackingEventHandler;\n"
    "+use App\\Tests\\Factory\\ShipmentFactory;\n"
    "+use Doctrine\\DBAL\\Exception\\UniqueConstraintViolationException;\n"
    "+use Doctrine\\ORM\\EntityManagerInterface;\n"
    "+use Symfony\\Bundle\\FrameworkBundle\\Test\\KernelTestCase;\n"
    "+use Symfony\\Component\\Messenger\\Envelope;\n"
    "+use Symfony\\Component\\Messenger\\Event\\WorkerMessageFailedEvent;\n"
    "+\n"
    "+final class ResetClosedEntityManagerSubscriberTest extends KernelTestCase\n"
    "+{\n"
    "+    public function testTheMessageAfterADuplicateIsRecorded(): void\n"
    "+    {\n"
    "+        $container = self::getContainer();\n"
    "+        $handler = $container->get(RecordTrackingEventHandler::class);\n"
    "+        ShipmentFactory::createOne(['trackingNumber' => '00340434161094042557', "
    "'carrier' => 'dhl']);\n"
    "+        $first = RecordTrackingEvent::fixture('00340434161094042557', "
    "'00340434161094042557-1701', 'out_for_delivery');\n"
    "+\n"
    "+        $handler($first);\n"
    "+        try {\n"
    "+            $handler($first);\n"
    "+            self::fail('the duplicate should throw');\n"
    "+        } catch (UniqueConstraintViolationException $e) {\n"
    "+            $container->get('event_dispatcher')->dispatch(\n"
    "+                new WorkerMessageFailedEvent(new Envelope($first), 'tracking', $e),\n"
    "+            );\n"
    "+        }\n"
    "+        $handler(RecordTrackingEvent::fixture('00340434161094042557', "
    "'00340434161094042557-1702', 'delivered'));\n"
    "+\n"
    "+        $em = $container->get(EntityManagerInterface::class);\n"
    "+        self::assertTrue($em->isOpen());\n"
    "+        self::assertSame('delivered', ShipmentFactory::find(['trackingNumber' => "
    "'00340434161094042557'])->getStatus());\n"
    "+    }\n"
    "+}\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "PHPUnit 11.4.3 by Sebastian Bergmann and contributors.\n\n"
    "Runtime:       PHP 8.3.14\n"
    f"Configuration: {_HOME}/phpunit.xml.dist\n\n"
    "................................................                 48 / 48 (100%)\n\n"
    "Time: 00:03.987, Memory: 58.50 MB\n\n"
    "OK (48 tests, 131 assertions)\n",
    command=["bash", "-lc", "bin/phpunit"],
)
s.say(
    "All 48 tests pass, the new one included: the second -1701 delivery throws the unique "
    "violation as in production, the subscriber resets the EntityManager on the "
    "WorkerMessageFailedEvent, and the -1702 'delivered' event after it is recorded. A "
    "duplicate no longer costs a worker the rest of its hour; the duplicate itself still goes "
    "through its retries into the failed transport."
)
s.user(
    "No, not a subscriber. A duplicate webhook isn't a failure: DHL resends when our 200 takes "
    "more than 10 s, GLS sends every event twice on purpose. With your subscriber each one "
    "still throws, is retried three times and lands in the failed transport, that's the "
    "failed-transport dashboard Ops pages on above 50. And a fresh EntityManager in the middle "
    "of a --no-reset worker leaves the Shipment entities ShipmentStatusProjector holds detached "
    "from it. Make the handler idempotent: insert the event with INSERT ... ON CONFLICT DO "
    "NOTHING through the DBAL connection, so a duplicate never throws and never closes the "
    "EntityManager. No row inserted means it's a duplicate: log it at info and return, don't "
    "touch the Shipment, don't dispatch ShipmentStatusChanged. For the long-running workers use "
    "what DoctrineBundle ships, doctrine_ping_connection and doctrine_clear_entity_manager on "
    "the bus in messenger.yaml. --no-reset stays. Delete the subscriber and its test."
)
s.call(
    "shell",
    "",
    "Deleting the subscriber and its test; both were new, nothing else to check out.",
    command=[
        "bash",
        "-lc",
        f"rm {_SUB} {_STEST} && rmdir tests/EventSubscriber && git status --short",
    ],
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_HANDLER}\nM {_MESSENGER}\nM {_HTEST}\n",
    "The handler inserts through the DBAL connection with ON CONFLICT DO NOTHING; 0 rows means "
    "a duplicate, logged at info, and the handler returns before the Shipment. The bus gets "
    "the two DoctrineBundle middleware, and the handler test two tests: a duplicate is "
    "recorded once, and a message after a duplicate is recorded with the EntityManager open.",
    input=f"*** Begin Patch\n*** Update File: {_HANDLER}\n@@\n"
    "-use App\\Entity\\TrackingEvent;\n"
    " use App\\Message\\RecordTrackingEvent;\n"
    " use App\\Message\\ShipmentStatusChanged;\n"
    " use App\\Repository\\ShipmentRepository;\n"
    "+use Doctrine\\DBAL\\Connection;\n"
    "+use Doctrine\\DBAL\\Types\\Types;\n"
    " use Doctrine\\ORM\\EntityManagerInterface;\n"
    "+use Psr\\Log\\LoggerInterface;\n"
    " use Symfony\\Component\\Messenger\\Attribute\\AsMessageHandler;\n"
    " use Symfony\\Component\\Messenger\\Exception\\UnrecoverableMessageHandlingException;\n"
    " use Symfony\\Component\\Messenger\\MessageBusInterface;\n"
    "+use Symfony\\Component\\Uid\\Uuid;\n"
    "@@\n"
    " final class RecordTrackingEventHandler\n"
    " {\n"
    "+    // Carriers deliver a webhook more than once (DHL when our 200 is late, GLS always\n"
    "+    // twice). A duplicate inserts nothing and must not throw: a throwing flush closes the\n"
    "+    // EntityManager for the rest of a --no-reset worker's life (PH-733).\n"
    "+    private const INSERT = <<<'SQL'\n"
    "+        INSERT INTO tracking_event (id, shipment_id, carrier, carrier_event_id, status, "
    "occurred_at, payload, recorded_at)\n"
    "+        VALUES (:id, :shipment, :carrier, :eventId, :status, :occurredAt, :payload, "
    "now())\n"
    "+        ON CONFLICT (carrier, carrier_event_id) DO NOTHING\n"
    "+        SQL;\n"
    "+\n"
    "     public function __construct(\n"
    "         private readonly EntityManagerInterface $em,\n"
    "+        private readonly Connection $connection,\n"
    "         private readonly ShipmentRepository $shipments,\n"
    "         private readonly MessageBusInterface $bus,\n"
    "+        private readonly LoggerInterface $logger,\n"
    "     ) {\n"
    "@@\n"
    "-        $this->em->persist(new TrackingEvent(\n"
    "-            $shipment,\n"
    "-            $message->carrier,\n"
    "-            $message->carrierEventId,\n"
    "-            $message->status,\n"
    "-            $message->occurredAt,\n"
    "-            $message->payload,\n"
    "-        ));\n"
    "-        $changed = $shipment->applyStatus($message->status, $message->occurredAt);\n"
    "-        $this->em->flush();\n"
    "-\n"
    "-        if ($changed) {\n"
    "+        $inserted = $this->connection->executeStatement(self::INSERT, [\n"
    "+            'id' => Uuid::v7()->toRfc4122(),\n"
    "+            'shipment' => $shipment->getId()->toRfc4122(),\n"
    "+            'carrier' => $message->carrier,\n"
    "+            'eventId' => $message->carrierEventId,\n"
    "+            'status' => $message->status,\n"
    "+            'occurredAt' => $message->occurredAt,\n"
    "+            'payload' => $message->payload,\n"
    "+        ], ['occurredAt' => Types::DATETIMETZ_IMMUTABLE, 'payload' => Types::JSON]);\n"
    "+\n"
    "+        if ($inserted === 0) {\n"
    "+            $this->logger->info('Duplicate tracking event ignored', [\n"
    "+                'carrier' => $message->carrier,\n"
    "+                'carrier_event_id' => $message->carrierEventId,\n"
    "+            ]);\n"
    "+\n"
    "+            return;\n"
    "+        }\n"
    "+\n"
    "+        if ($shipment->applyStatus($message->status, $message->occurredAt)) {\n"
    "+            $this->em->flush();\n"
    "             $this->bus->dispatch(new ShipmentStatusChanged($shipment->getId(), "
    "$message->status));\n"
    "         }\n"
    f"*** Update File: {_MESSENGER}\n@@\n"
    " framework:\n"
    "     messenger:\n"
    "         failure_transport: failed\n"
    "+\n"
    "+        # The tracking workers run with --no-reset (PH-512): keep a long-running worker's\n"
    "+        # connection alive and its EntityManager empty between messages.\n"
    "+        default_bus: messenger.bus.default\n"
    "+        buses:\n"
    "+            messenger.bus.default:\n"
    "+                middleware:\n"
    "+                    - doctrine_ping_connection\n"
    "+                    - doctrine_clear_entity_manager\n"
    f"*** Update File: {_HTEST}\n@@\n"
    "+    public function testADuplicateDeliveryIsRecordedOnce(): void\n"
    "+    {\n"
    "+        $this->handle('00340434161094042557-1701', 'out_for_delivery');\n"
    "+        $this->handle('00340434161094042557-1701', 'out_for_delivery');\n"
    "+\n"
    "+        self::assertSame(1, $this->eventCount('dhl', '00340434161094042557-1701'));\n"
    "+    }\n"
    "+\n"
    "+    public function testAMessageAfterADuplicateIsRecorded(): void\n"
    "+    {\n"
    "+        $this->handle('00340434161094042557-1701', 'out_for_delivery');\n"
    "+        $this->handle('00340434161094042557-1701', 'out_for_delivery');\n"
    "+        $this->handle('00340434161094042557-1702', 'delivered');\n"
    "+\n"
    "+        self::assertTrue($this->em->isOpen());\n"
    "+        self::assertSame(2, $this->eventCount('dhl'));\n"
    "+        self::assertSame('delivered', $this->shipment()->getStatus());\n"
    "+    }\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    _TESTS_FAILING,
    command=["bash", "-lc", "bin/phpunit"],
)
s.call(
    "shell",
    "\n // Clearing the cache for the test environment with debug true\n\n"
    ' [OK] Cache for the "test" environment (debug=true) was successfully cleared.\n\n'
    'Dropped database "parcelhub_test" for connection named default\n'
    'Created database "parcelhub_test" for connection named default\n'
    "6) App\\Tests\\MessageHandler\\RecordTrackingEventHandlerTest::"
    "testAMessageAfterADuplicateIsRecorded\n"
    "Doctrine\\DBAL\\Exception\\DriverException: An exception occurred while executing a "
    "query: SQLSTATE[42P10]: Invalid column reference: 7 ERROR:  there is no unique or "
    "exclusion constraint matching the ON CONFLICT specification\n\n"
    f"{_HOME}/vendor/doctrine/dbal/src/Driver/API/PostgreSQL/ExceptionConverter.php:87\n"
    f"{_HOME}/{_HANDLER}:47\n"
    f"{_HOME}/{_HTEST}:97\n\n"
    "ERRORS!\n"
    "Tests: 49, Assertions: 118, Errors: 6.\n",
    "Every test that records an event fails now, the four old ones as well, with 42P10 from "
    "the new INSERT: Postgres finds no unique constraint for ON CONFLICT (carrier, "
    "carrier_event_id). But uniq_tracking_carrier_event is on exactly those two columns in "
    "TrackingEvent's mapping, and production's duplicate hit it. parcelhub_test was created "
    "by hand weeks ago and the test container in var/cache/test was compiled before "
    "messenger.yaml changed, so this looks like a stale test database or a stale container. "
    "Clearing the test cache, rebuilding the test database from the migrations and running "
    "again.",
    command=[
        "bash",
        "-lc",
        "bin/console cache:clear --env=test && rm -rf var/cache/test && bin/console "
        "doctrine:database:drop --env=test --force && bin/console doctrine:database:create "
        "--env=test && bin/console doctrine:migrations:migrate --env=test -n -q && bin/phpunit "
        "2>&1 | tail -11",
    ],
)
s.call(
    "shell",
    "Indexes:\n"
    '    "tracking_event_pkey" PRIMARY KEY, btree (id)\n'
    '    "idx_tracking_event_shipment" btree (shipment_id, occurred_at)\n'
    '    "uniq_tracking_carrier_event" UNIQUE, btree (carrier, carrier_event_id) WHERE '
    "carrier_event_id IS NOT NULL\n"
    "Foreign-key constraints:\n"
    '    "fk_tracking_event_shipment" FOREIGN KEY (shipment_id) REFERENCES shipment(id) ON '
    "DELETE CASCADE\n"
    "---\n"
    "b71d0e4 PH-655: manual tracking events from the ops dashboard have no carrier event id\n"
    "3f2a8c1 PH-301: one row per carrier event\n"
    "---\n"
    f"{_MIGRATION}:22:        $this->addSql('DROP INDEX uniq_tracking_carrier_event');\n"
    f"{_MIGRATION}:23:        $this->addSql('CREATE UNIQUE INDEX uniq_tracking_carrier_event ON "
    "tracking_event (carrier, carrier_event_id) WHERE carrier_event_id IS NOT NULL');\n"
    f"{_ENTITY}:14:#[ORM\\UniqueConstraint(name: 'uniq_tracking_carrier_event', columns: "
    "['carrier', 'carrier_event_id'], options: ['where' => 'carrier_event_id IS NOT NULL'])]\n",
    "The same 6 errors on a rebuilt database and an empty var/cache/test, so nothing was "
    "stale. Looking at the index Postgres really has.",
    command=[
        "bash",
        "-lc",
        "docker compose exec -T database psql -U parcelhub parcelhub_test -c '\\d "
        "tracking_event' | sed -n '/Indexes:/,$p'; echo ---; git log --oneline "
        "-S'uniq_tracking_carrier_event' -- migrations src/Entity; echo ---; grep -n "
        f"'uniq_tracking' {_MIGRATION} {_ENTITY}",
    ],
)
s.say(
    "uniq_tracking_carrier_event is a partial unique index since PH-655's migration "
    "Version20241014093112: WHERE carrier_event_id IS NOT NULL, because events typed in on the "
    "ops dashboard have no carrier event id. It still rejects a duplicate with 23505, which is "
    "what closed the EntityManager in production, but ON CONFLICT (carrier, carrier_event_id) "
    "infers a partial index as its arbiter only when the statement repeats the index's "
    "predicate; without it Postgres finds no arbiter and answers 42P10 for every insert, a "
    "first delivery included. The ON CONFLICT needs WHERE carrier_event_id IS NOT NULL."
)
s.call(
    "apply_patch",
    f"Success. Updated the following files:\nM {_HANDLER}\n",
    input=f"*** Begin Patch\n*** Update File: {_HANDLER}\n@@\n"
    "     // EntityManager for the rest of a --no-reset worker's life (PH-733).\n"
    "+    // uniq_tracking_carrier_event is partial (PH-655): ON CONFLICT must repeat its WHERE,\n"
    "+    // or Postgres finds no arbiter index (42P10).\n"
    "     private const INSERT = <<<'SQL'\n"
    "         INSERT INTO tracking_event (id, shipment_id, carrier, carrier_event_id, status, "
    "occurred_at, payload, recorded_at)\n"
    "         VALUES (:id, :shipment, :carrier, :eventId, :status, :occurredAt, :payload, "
    "now())\n"
    "-        ON CONFLICT (carrier, carrier_event_id) DO NOTHING\n"
    "+        ON CONFLICT (carrier, carrier_event_id) WHERE carrier_event_id IS NOT NULL DO "
    "NOTHING\n"
    "         SQL;\n"
    "*** End Patch\n",
)
s.call(
    "shell",
    "OK (49 tests, 136 assertions)\n"
    " 41/41 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n"
    " [OK] No errors\n\n"
    "Dispatched 3 RecordTrackingEvent messages (dhl, 00340434161094042557)\n"
    "08:47:10 INFO      [messenger] Received message App\\Message\\RecordTrackingEvent\n"
    "08:47:10 INFO      [messenger] App\\Message\\RecordTrackingEvent was handled "
    "successfully (acknowledging to transport).\n"
    "08:47:10 INFO      [messenger] Received message App\\Message\\RecordTrackingEvent\n"
    '08:47:10 INFO      [app] Duplicate tracking event ignored ["carrier" => "dhl",'
    '"carrier_event_id" => "00340434161094042557-1701"]\n'
    "08:47:10 INFO      [messenger] App\\Message\\RecordTrackingEvent was handled "
    "successfully (acknowledging to transport).\n"
    "08:47:10 INFO      [messenger] Received message App\\Message\\RecordTrackingEvent\n"
    "08:47:11 INFO      [messenger] App\\Message\\RecordTrackingEvent was handled "
    "successfully (acknowledging to transport).\n"
    "08:47:11 INFO      [messenger] Worker stopped due to maximum count of 3 messages "
    "processed\n",
    "Running the suite and phpstan, then a local worker with --no-reset over the webhook "
    "fixture's three deliveries (-1701, -1701 again, -1702).",
    command=[
        "bash",
        "-lc",
        "bin/phpunit | tail -1 && vendor/bin/phpstan analyse --memory-limit=1G | tail -4 && "
        "bin/console app:webhook:replay tests/Fixtures/webhooks/dhl-duplicate-pair.json && "
        "bin/console messenger:consume tracking --limit=3 --no-reset -vv 2>&1 | grep -E "
        "'\\[(messenger|app)\\]'",
    ],
)
s.call(
    "shell",
    "Switched to a new branch 'ph-733-idempotent-tracking'\n"
    "[ph-733-idempotent-tracking 8d3f6a2] PH-733: record tracking events idempotently, so a "
    "duplicate webhook no longer closes the EntityManager\n"
    " 3 files changed, 58 insertions(+), 12 deletions(-)\n"
    "branch 'ph-733-idempotent-tracking' set up to track 'origin/ph-733-idempotent-tracking'.\n"
    "https://github.com/parcelhub/parcelhub/pull/862\n",
    "All 49 tests pass and phpstan is clean. In the local worker the second -1701 delivery is "
    "logged as a duplicate and acknowledged, and -1702 after it is handled with the same "
    "EntityManager. Committing and opening the PR.",
    command=[
        "bash",
        "-lc",
        "git switch -c ph-733-idempotent-tracking && git add -A && git commit -m 'PH-733: "
        "record tracking events idempotently, so a duplicate webhook no longer closes the "
        "EntityManager' && git push -q -u origin HEAD && gh pr create --fill",
    ],
)
s.user(
    "Ingrid's review:\n"
    "1. uniq_tracking_carrier_event is a partial index since PH-655. ON CONFLICT (carrier, "
    "carrier_event_id) without its WHERE won't match it, Postgres throws 42P10.\n"
    "2. Why not just drop --no-reset from the supervisor command? The services resetter would "
    "hand every message a fresh EntityManager and we'd need none of this.\n"
    "3. Any other exception that closes the EntityManager (a deadlock, 40P01, or an FK "
    "violation) still poisons the worker until its hourly restart. A listener that stops the "
    "worker (StopWorkerException) when the EntityManager is closed would let supervisor restart "
    "it right away.\n"
    "4. Nothing tests that ShipmentStatusChanged is dispatched once for a duplicate pair; a "
    "duplicate that sends the customer a second 'out for delivery' SMS would go unnoticed.\n\n"
    "Mine: 1, I think you hit that already, check and tell her. 2, reply: PH-512 measured +18% "
    "throughput with --no-reset, and without it a duplicate would fail all the same, retry three "
    "times and land in the failed transport. 3 is PH-741, a separate PR. 4 yes, in this PR: handle "
    "the same event twice and assert the notifications transport holds exactly one "
    "ShipmentStatusChanged. Ops replays the 2,318 failed messages after the deploy with "
    "messenger:failed:retry, that's not yours."
)
s.call(
    "shell",
    f"{_HANDLER}:30:        ON CONFLICT (carrier, carrier_event_id) WHERE carrier_event_id IS "
    "NOT NULL DO NOTHING\n",
    command=["bash", "-lc", "git grep -n 'ON CONFLICT' -- src"],
)
s.call(
    "shell",
    "https://github.com/parcelhub/parcelhub/pull/862#issuecomment-2547190\n",
    "Answering 1, 2 and 3 on the PR.",
    command=["bash", "-lc", "gh pr comment 862 --body-file /tmp/pr862.md"],
    body="1. Already in: the insert's ON CONFLICT repeats the partial index's predicate, WHERE "
    "carrier_event_id IS NOT NULL (RecordTrackingEventHandler.php:30); without it every insert "
    "failed with 42P10 in the tests. 2. --no-reset stays: PH-512 measured +18% throughput with "
    "it, and without it a duplicate would still throw, be retried three times and land in the "
    "failed transport; doctrine_clear_entity_manager keeps the identity map empty between "
    "messages. 3. Stopping the worker on a closed EntityManager is PH-741, a separate PR.",
)
s.say(
    "Answered Ingrid on #862. Point 1 was in before her review: since the 42P10 failures, the "
    "insert's ON CONFLICT carries the partial index's predicate, WHERE carrier_event_id IS NOT "
    "NULL (RecordTrackingEventHandler.php:30). The reply to point 2 gives PH-512's +18% "
    "throughput as the reason for the supervisor command's --no-reset, and says that without "
    "it a duplicate would throw all the same, be retried three times and end in the failed "
    "transport. "
    "Point 3 is PH-741, a separate PR."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "PH-733: when a carrier delivers a tracking webhook twice, "
             "RecordTrackingEventHandler's flush throws a unique violation on "
             "uniq_tracking_carrier_event, the ORM closes the EntityManager, and because the "
             "tracking workers run messenger:consume with --no-reset every later message in "
             "that worker fails with 'The EntityManager is closed.' until supervisor's hourly "
             "restart (2,318 messages in the failed transport on 3 December); stop one "
             "duplicate from taking a worker down.",
             must=(("ph-733", "entitymanager is closed", "entitymanager closed",
                    "closed entitymanager"),
                   ("duplicate", "unique", "twice", "23505", "every later message",
                    "every message", "worker")),
             partial_means="The closed EntityManager without what closes it (the duplicate "
                           "webhook's unique violation) or why it stays closed, or the ticket "
                           "alone.",
             wrong="A slow webhook endpoint; a database that went down; workers out of "
                   "memory."),
    Question("latest_request", "What did the user last ask?",
             "Ingrid's review of PR #862 with the user's answers: (1) check that the ON "
             "CONFLICT already carries the partial index's WHERE and tell her; (2) reply why "
             "--no-reset stays (PH-512's +18% throughput, and a duplicate would still fail "
             "into the failed transport without it); (3) stopping the worker on a closed "
             "EntityManager is PH-741, a separate PR; (4) in this PR, a test that handles the "
             "same event twice and asserts exactly one ShipmentStatusChanged on the "
             "notifications transport. Ops replays the failed messages after the deploy.",
             must=(("shipmentstatuschanged", "notification", "second sms", "dispatched once",
                    "exactly one"),
                   ("ph-741", "--no-reset", "ph-512", "partial index", "predicate", "ingrid",
                    "stopworkerexception")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "ingrid", "answers", "mine"),
             partial_means="One of the points to act on.",
             wrong="Dropping --no-reset; replaying the failed transport now.",
             stale_means="The correction (idempotent insert instead of the subscriber) or the "
                         "first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Ingrid's point 4, the one left: in "
             "tests/MessageHandler/RecordTrackingEventHandlerTest.php handle the same "
             "out_for_delivery event twice and assert the notifications in-memory transport "
             "holds exactly one ShipmentStatusChanged (no second SMS for a duplicate); run "
             "bin/phpunit, commit and push to PR #862. The stop-the-worker listener is PH-741 "
             "and the failed-message replay is Ops' after the deploy.",
             must=(("shipmentstatuschanged", "notification", "second sms"),
                   ("duplicate", "twice", "same event", "once", "exactly one"),
                   ("recordtrackingeventhandlertest", "bin/phpunit", "push", "#862")),
             stale=("resetmanager", "resetclosedentitymanager", "stopworkerexception",
                    "stops the worker", "drop --no-reset", "failed:retry", "cache:clear"),
             partial_means="A test without saying it checks the notification is dispatched "
                           "once for a duplicate, or only the push.",
             wrong="Adding a unique index; raising the retry delay.",
             stale_means="Says to add a listener that stops the worker on a closed "
                         "EntityManager (StopWorkerException, put off to PH-741), to drop "
                         "--no-reset (answered), to replay the failed transport with "
                         "messenger:failed:retry (Ops, after the deploy), to bring back the "
                         "resetManager() subscriber, or to clear the cache and re-run."),
    Question("files_edited", "Which files were changed, and why?",
             "src/MessageHandler/RecordTrackingEventHandler.php (the event inserted through the "
             "DBAL connection with INSERT ... ON CONFLICT (carrier, carrier_event_id) WHERE "
             "carrier_event_id IS NOT NULL DO NOTHING; 0 rows is a duplicate, logged at info, "
             "returned before the Shipment; Connection and LoggerInterface injected); "
             "config/packages/messenger.yaml (doctrine_ping_connection and "
             "doctrine_clear_entity_manager on messenger.bus.default); "
             "tests/MessageHandler/RecordTrackingEventHandlerTest.php (a duplicate is recorded "
             "once; a message after a duplicate is recorded with the EntityManager open). "
             "src/EventSubscriber/ResetClosedEntityManagerSubscriber.php and its test were "
             "created and deleted.",
             must=(("recordtrackingeventhandler.php",), ("messenger.yaml",),
                   ("recordtrackingeventhandlertest.php", "recordtrackingeventhandlertest")),
             stale=("resetclosedentitymanagersubscriber",),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="The supervisor conf, the migration or TrackingEvent.php given as edited.",
             stale_means="ResetClosedEntityManagerSubscriber.php (the resetManager() "
                         "subscriber) or its test listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Make RecordTrackingEventHandler idempotent: insert the tracking event through "
             "the DBAL connection with INSERT ... ON CONFLICT DO NOTHING (with the partial "
             "index's WHERE carrier_event_id IS NOT NULL), so a duplicate never throws and "
             "never closes the EntityManager; 0 rows inserted is a duplicate, logged at info, "
             "returned without touching the Shipment or dispatching ShipmentStatusChanged; "
             "DoctrineBundle's doctrine_ping_connection and doctrine_clear_entity_manager "
             "middleware on the bus; --no-reset stays (PH-512). It rules out the "
             "ResetClosedEntityManagerSubscriber (ManagerRegistry::resetManager() on "
             "WorkerMessageFailedEvent): a duplicate is not a failure, with it each would "
             "still be retried three times into the failed transport Ops pages on above 50, "
             "and a fresh EntityManager detaches the Shipments ShipmentStatusProjector holds; "
             "and dropping --no-reset.",
             must=(("on conflict", "upsert", "idempotent", "do nothing"),
                   ("resetmanager", "resetclosedentitymanagersubscriber", "subscriber",
                    "not a failure", "--no-reset stays", "keep --no-reset", "keeps --no-reset",
                    "dropping --no-reset", "drop --no-reset")),
             stale=("resetmanager", "resetclosedentitymanagersubscriber"),
             partial_means="The idempotent insert without what it rules out, or the reverse.",
             wrong="Catching every exception in the handler; removing the unique index.",
             stale_means="The subscriber that calls ManagerRegistry::resetManager() when a "
                         "message fails with the EntityManager closed given as the design."),
    Question("review", "What did the review find?",
             "Ingrid on #862: 1. uniq_tracking_carrier_event is a partial index (PH-655), ON "
             "CONFLICT without its WHERE gets 42P10 (already done: the insert carries WHERE "
             "carrier_event_id IS NOT NULL); 2. why not drop --no-reset (answered on the PR: "
             "PH-512's +18%, and a duplicate would still fail into the failed transport); 3. "
             "other exceptions (a deadlock, 40P01, an FK violation) still poison the worker, "
             "stop it with StopWorkerException when the EntityManager is closed (PH-741, a "
             "separate PR); 4. no test that a duplicate dispatches ShipmentStatusChanged once, "
             "no second SMS (pending, in this PR).",
             must=(("partial index", "predicate", "where carrier event id is not null", "42p10"),
                   ("--no-reset", "ph-512"),
                   ("ph-741", "stopworkerexception", "stops the worker", "deadlock",
                    "stopping the worker"),
                   ("shipmentstatuschanged", "notification", "second sms")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "ingrid", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The 42P10 test failures given as the reviewer's own run."),
    Question("corrections", "How did the user correct the agent?",
             "Not a subscriber: a duplicate webhook is not a failure (DHL resends when the 200 "
             "takes over 10 s, GLS sends every event twice); with the subscriber each still "
             "throws, is retried three times and lands in the failed transport Ops pages on "
             "above 50, and a fresh EntityManager in a --no-reset worker detaches the "
             "Shipments ShipmentStatusProjector holds. Make the handler idempotent with INSERT "
             "... ON CONFLICT DO NOTHING through DBAL, a duplicate logged at info and "
             "returned without touching the Shipment or dispatching ShipmentStatusChanged; use "
             "doctrine_ping_connection and doctrine_clear_entity_manager in messenger.yaml; "
             "--no-reset stays; delete the subscriber and its test.",
             must=(("subscriber", "resetmanager", "not a failure", "failed transport",
                    "detached"),
                   ("on conflict", "idempotent", "do nothing", "upsert")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "wants", "ruled out", "rejected"),
             partial_means="No subscriber without what to do instead, or the reverse.",
             wrong="The stale test database given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "After the upsert, all 6 RecordTrackingEventHandlerTest tests failed with "
             "SQLSTATE[42P10] 'there is no unique or exclusion constraint matching the ON "
             "CONFLICT specification'; cache:clear --env=test, rm -rf var/cache/test, a test "
             "database rebuilt from the migrations and a re-run did not fix it (nothing was "
             "stale); uniq_tracking_carrier_event is a partial unique index (WHERE "
             "carrier_event_id IS NOT NULL, PH-655's Version20241014093112) and Postgres "
             "infers a partial index for ON CONFLICT only with its predicate; fixed by adding "
             "WHERE carrier_event_id IS NOT NULL to the ON CONFLICT. Before that, the "
             "production error: the duplicate's 23505 unique violation closed the "
             "EntityManager, fixed by the idempotent insert.",
             must=(("42p10", "no unique or exclusion constraint", "on conflict specification"),
                   ("partial", "predicate", "where carrier event id is not null")),
             stale=("fixed by cache:clear", "fixed by bin/console cache:clear",
                    "fixed by clearing", "fixed by rm -rf", "fixed by recreating",
                    "fixed by rebuilding", "fixed by a re-run", "fixed by re-running",
                    "stale test database", "stale container"),
             partial_means="The 42P10 failures without their fix, or only the closed "
                           "EntityManager.",
             wrong="A missing unique index; a deadlock in the tests.",
             stale_means="The 42P10 failures 'fixed' by cache:clear, rm -rf var/cache/test, "
                         "rebuilding the test database and a re-run, or put down to a stale "
                         "test database or container."),
    Question("key_values", "Which key values matter?",
             "PH-733, PR #862, PH-741 (stop the worker), PH-512 (--no-reset, +18% "
             "throughput), PH-655 (the partial index); 3 December: 14 duplicates, 56 unique "
             "violations, 2,304 closed-EntityManager failures, 2,318 in the failed transport; "
             "4 workers, --time-limit=3600, retries 3 (1 s, 2 s, 4 s); Ops pages above 50; "
             "DHL resends after 10 s; 48 tests with the subscriber's test, 49 now (136 "
             "assertions).",
             must=(("ph-733", "#862", "ph-741", "ph-512", "ph-655"),
                   ("2,318", "2318", "49 tests", "ok (49", "3600", "18%", "2,304", "56")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "src/MessageHandler/RecordTrackingEventHandler.php records a carrier's tracking "
             "event, updates the Shipment's status and dispatches ShipmentStatusChanged; "
             "config/packages/messenger.yaml holds the transports (tracking, notifications, "
             "failed on Doctrine; in-memory in tests), the retry strategy, the routing and now "
             "the bus middleware; deploy/supervisor/messenger-tracking.conf runs the four "
             "workers with --no-reset; migrations/Version20241014093112.php made "
             "uniq_tracking_carrier_event partial; src/Entity/TrackingEvent.php maps it; "
             "tests/MessageHandler/RecordTrackingEventHandlerTest.php holds the handler tests.",
             must=(("recordtrackingeventhandler",),
                   ("messenger.yaml", "messenger-tracking.conf", "version20241014093112",
                    "trackingevent.php", "shipmentstatusprojector"),
                   ("records", "transports", "supervisor", "partial", "tests", "routing",
                    "workers", "handler")),
             partial_means="The files named without what they hold.",
             wrong="ResetClosedEntityManagerSubscriber.php as the worker's recovery."),
    Question("pending", "What work is still pending?",
             "Ingrid's point 4: the test that a duplicate dispatches one ShipmentStatusChanged "
             "(RecordTrackingEventHandlerTest), bin/phpunit and the push to #862; later, the "
             "stop-the-worker listener in PH-741, and Ops' replay of the 2,318 failed messages "
             "with messenger:failed:retry after the deploy.",
             must=(("shipmentstatuschanged", "notification", "second sms"),
                   ("ph-741", "replay", "failed:retry", "push", "#862")),
             partial_means="The notification test without the rest, or the reverse.",
             wrong="The partial-index predicate or the --no-reset reply as pending.",
             stale_means="The resetManager() subscriber or dropping --no-reset as pending."),
    Question("state", "What is the state of the work?",
             "PR #862 (branch ph-733-idempotent-tracking) is open and pushed: the idempotent "
             "insert with the partial index's predicate, the two middleware, two new tests; "
             "all 49 tests pass, phpstan is clean, and a local --no-reset worker ignores the "
             "duplicate and handles the message after it; Ingrid's 1 was already in, 2 and 3 "
             "are answered on the PR; the notification test (point 4) is not written and "
             "nothing is pushed since.",
             must=(("49 tests", "ok (49", "tests pass"),
                   ("not written", "not pushed", "not yet")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged or the failed messages are replayed.",
             stale_means="Says a subscriber resets the EntityManager after a failed message."),
)  # fmt: skip

PRODUCTION = """Summary so far: PH-733: a duplicate carrier webhook made RecordTrackingEventHandler's flush throw a unique violation on uniq_tracking_carrier_event, which closed the EntityManager; the tracking workers run with --no-reset (PH-512), so every later message in that worker failed with "The EntityManager is closed" until its hourly restart (2,318 failed on 3 December). I first wrote src/EventSubscriber/ResetClosedEntityManagerSubscriber.php calling ManagerRegistry::resetManager() on WorkerMessageFailedEvent; the user ruled it out (a duplicate is not a failure, it would still retry 3 times into the failed transport), so it and its test are deleted.
Decision: the handler is idempotent: INSERT ... ON CONFLICT (carrier, carrier_event_id) WHERE carrier_event_id IS NOT NULL DO NOTHING through DBAL; a duplicate is logged and returns; doctrine_ping_connection and doctrine_clear_entity_manager middleware in messenger.yaml; --no-reset stays.
Error: 6 tests failed with 42P10 (no unique or exclusion constraint matching the ON CONFLICT specification); cache:clear, rm -rf var/cache/test, a rebuilt test database and a re-run did not help; the index is partial (PH-655); fixed by repeating its predicate WHERE carrier_event_id IS NOT NULL.
Files: src/MessageHandler/RecordTrackingEventHandler.php (the upsert), config/packages/messenger.yaml (the middleware), tests/MessageHandler/RecordTrackingEventHandlerTest.php (2 tests).
State: all 49 tests pass, phpstan clean; PR #862 open and pushed.
Ingrid's review: the partial index predicate already done; why not drop --no-reset answered on the PR (PH-512, +18%); stopping the worker on a closed EntityManager is PH-741; the notification test pending, not written.
Next: in RecordTrackingEventHandlerTest handle the same event twice and assert exactly one ShipmentStatusChanged on the notifications transport; run bin/phpunit, push to #862. Ops replays the failed messages later."""
