"""Held out, twenty-second set: written 2026-12-07, after the offline handoff was last tuned, by
an author who never ran the handoff on them. Claude Code, Scala 3 with sbt (Scala 3.3.3, sbt
1.9.9, fs2-kafka 3.5.1 on cats-effect 3.5.4, doobie on Postgres, Flyway 10, munit with an it
subproject against docker-compose.it.yml): order-projector 2.31.0's rolling deploy on Dec 5
(6 pods, 14:02 to 14:09 UTC) lost the events of 1,214 orders on orders.events.v3 (ORD-2291;
388 more on Nov 28), because since 4e1b9a7 (ORD-2102) OrderEventsStream commits each
groupWithin(500, 2.seconds) batch's offsets before it upserts the batch, so a pod cancelled
mid-batch leaves committed offsets past records never projected and the partitions' new owners
start after them; a first design (a new offsets/PostgresOffsetStore.scala and a
V42__consumer_offsets.sql migration: the offsets written in the upsert's transaction, each
assigned partition sought to them) written and its it tests run, then ruled out by the user
(Burrow, the dashboards and the runbook's kafka-consumer-groups --reset-offsets read the
group's offsets in Kafka, a seek on assignment would undo a reset, a new table in the shared
orders database needs a DBA; at-least-once is enough) for partitionedRecords, each partition's
records upserted in order and only then their offsets through commitBatchWithin(500,
5.seconds), with the upsert guarded by last_event_seq; both files deleted and the stream
checked out again; the it tests then fail in beforeAll with FlywayValidateException "Detected
applied migration not resolved locally: 42", which sbt clean, removing the target folders and a
re-run did not fix (not stale resources: the first design's it run had applied V42 to the it
Postgres in its docker volume projector-it-pgdata) and recreating it with docker compose down
-v did; a PR review with four points: one done in the first commit (an older event written
over a newer one), one answered on the PR (why not exactly-once with Kafka transactions), one
a ticket (stopConsuming on SIGTERM and a longer grace period in the chart, ORD-2304), one still
to do (a record that fails to decode stops its partition: to orders.events.v3.dlq and past it,
with an it test); a production compaction; the assistant's last words only report the reply
and where the points stand, and name no step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_ROOT = "/home/dev/tillhouse/order-projector"
_PKG = f"{_ROOT}/src/main/scala/com/tillhouse/projector"
_STREAM = f"{_PKG}/OrderEventsStream.scala"
_REPO = f"{_PKG}/db/OrderProjectionRepo.scala"
_STORE = f"{_PKG}/offsets/PostgresOffsetStore.scala"
_V42 = f"{_ROOT}/src/main/resources/db/migration/V42__consumer_offsets.sql"
_IT = f"{_ROOT}/it/src/test/scala/com/tillhouse/projector/OrderEventsStreamIT.scala"
_ITDB = f"{_ROOT}/it/src/test/scala/com/tillhouse/projector/ItDatabase.scala"


def _numbered(text: str) -> str:
    """A file as Claude Code's Read shows it: each line after its number and an arrow."""
    return "".join(f"{n:6d}→{line}\n" for n, line in enumerate(text.splitlines(), 1))


_STREAM_SRC = """package com.tillhouse.projector

import scala.concurrent.duration.*

import cats.effect.IO
import cats.syntax.all.*
import fs2.Stream
import fs2.kafka.*
import org.typelevel.log4cats.Logger

import com.tillhouse.projector.db.OrderProjectionRepo
import com.tillhouse.projector.events.OrderEvent

/** Projects orders.events.v3 into order_projection, the table the storefront's order pages
  * and billing-reporting read. One consumer per pod, group order-projector.
  */
object OrderEventsStream:

  val Topic = "orders.events.v3"

  def run(
      consumer: KafkaConsumer[IO, String, OrderEvent],
      repo: OrderProjectionRepo
  )(using log: Logger[IO]): Stream[IO, Unit] =
    Stream.eval(consumer.subscribeTo(Topic)) >>
      consumer.records
        .groupWithin(500, 2.seconds)
        .evalMap { chunk =>
          // ORD-2102: one commit per batch instead of one per record
          val offsets = CommittableOffsetBatch.fromFoldable(chunk.map(_.offset))
          offsets.commit >>
            chunk.traverse_(r => repo.upsert(r.record.value)) >>
            log.debug(s"projected ${chunk.size} order events")
        }
"""

_STORE_SRC = """package com.tillhouse.projector.offsets

import cats.effect.IO
import cats.syntax.all.*
import doobie.*
import doobie.implicits.*
import org.apache.kafka.common.TopicPartition

/** ORD-2291: the group's position kept beside the projection, written in the same transaction
  * as the upserts, so a batch and its offsets are stored together or not at all. On assignment
  * each partition is sought to the offset stored here instead of the one committed to Kafka.
  */
final class PostgresOffsetStore(xa: Transactor[IO], group: String):

  /** The next offset to read of each partition, in the caller's transaction. */
  def save(next: Map[TopicPartition, Long]): ConnectionIO[Unit] =
    next.toList.traverse_ { (tp, offset) =>
      sql\"\"\"INSERT INTO consumer_offsets (group_id, topic, partition, next_offset)
              VALUES ($group, ${tp.topic}, ${tp.partition}, $offset)
              ON CONFLICT (group_id, topic, partition)
              DO UPDATE SET next_offset = EXCLUDED.next_offset\"\"\".update.run
    }

  def load(tp: TopicPartition): IO[Option[Long]] =
    sql\"\"\"SELECT next_offset FROM consumer_offsets
            WHERE group_id = $group AND topic = ${tp.topic} AND partition = ${tp.partition}\"\"\"
      .query[Long]
      .option
      .transact(xa)
"""

_V42_SRC = """-- ORD-2291: the order-projector group's offsets, stored with the projection
CREATE TABLE consumer_offsets (
    group_id    text    NOT NULL,
    topic       text    NOT NULL,
    partition   integer NOT NULL,
    next_offset bigint  NOT NULL,
    PRIMARY KEY (group_id, topic, partition)
);
"""

_ITDB_SRC = """package com.tillhouse.projector

import cats.effect.{IO, Resource}
import doobie.hikari.HikariTransactor

import com.tillhouse.projector.db.Migrations

/** The it tests' Postgres: the postgres-it service of docker-compose.it.yml on localhost:55432,
  * its data in the named volume projector-it-pgdata so that `sbt it/test` starts in seconds.
  * Migrated once per run with the same Flyway migrations as production; each suite truncates
  * the tables it writes.
  */
object ItDatabase:

  val Url = "jdbc:postgresql://localhost:55432/projector_it"

  val transactor: Resource[IO, HikariTransactor[IO]] =
    for
      xa <- HikariTransactor.newHikariTransactor[IO](
        "org.postgresql.Driver", Url, "projector", "projector", scala.concurrent.ExecutionContext.global
      )
      _ <- Resource.eval(Migrations.run(Url, "projector", "projector"))
    yield xa
"""


def _flyway_failure(compile_line: str, seconds: int) -> str:
    """The it suite failing in beforeAll on the migration the database has and the code lacks."""
    return (
        "[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)\n"
        f"[info] loading project definition from {_ROOT}/project\n"
        "[info] loading settings for project root from build.sbt ...\n"
        f"[info] set current project to order-projector (in build file:{_ROOT}/)\n"
        f"{compile_line}"
        "com.tillhouse.projector.OrderEventsStreamIT:\n"
        "==> X com.tillhouse.projector.OrderEventsStreamIT.beforeAll  1.184s "
        "org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations "
        "have failed validation\n"
        "Detected applied migration not resolved locally: 42.\n"
        "If you removed this migration intentionally, run repair to mark the migration as "
        "deleted.\n"
        "Need more flexibility with validation rules? Learn more: https://rd.gt/3AbJUZE\n"
        "    at org.flywaydb.core.Flyway.lambda$migrate$0(Flyway.java:133)\n"
        "    at org.flywaydb.core.FlywayExecutor.execute(FlywayExecutor.java:205)\n"
        "    at org.flywaydb.core.Flyway.migrate(Flyway.java:124)\n"
        "    at com.tillhouse.projector.db.Migrations$.run$$anonfun$1(Migrations.scala:19)\n"
        "    at cats.effect.IOFiber.runLoop(IOFiber.scala:1000)\n"
        "[error] Failed: Total 1, Failed 1, Errors 0, Passed 0\n"
        "[error] Failed tests:\n"
        "[error] \tcom.tillhouse.projector.OrderEventsStreamIT\n"
        "[error] (it / Test / test) sbt.TestsFailedException: Tests unsuccessful\n"
        f"[error] Total time: {seconds} s, completed Dec 7, 2026, 10:41:{seconds:02d} AM\n"
    )


s = Script(f"You are Claude Code, Anthropic's CLI for Claude. Working directory: {_ROOT}")
s.user(
    "ORD-2291: Friday's deploy of order-projector 2.31.0 (the rolling restart of the 6 pods, "
    "14:02 to 14:09 UTC on Dec 5) lost order events. recon-orders found 1,214 orders that "
    "payments has as PAID but order_projection still has as PENDING or doesn't have at all, "
    "all with events on orders.events.v3 between 14:01 and 14:09. The Nov 28 deploy lost 388 "
    "the same way; nobody noticed until billing-reporting's totals were off. The consumer is "
    "src/main/scala/com/tillhouse/projector/OrderEventsStream.scala. Find out why and fix it "
    "so a deploy loses nothing. Don't replay the topic or touch the prod group's offsets: Hana "
    "is backfilling the 1,602 orders from payments."
)
s.call("Read", _numbered(_STREAM_SRC), file_path=_STREAM)
s.call(
    "Bash",
    "4e1b9a7 2026-11-18 Jonas Berg ORD-2102: commit offsets once per batch instead of per "
    "record (throughput)\n"
    "b07d5e1 2026-09-02 Jonas Berg ORD-1840: project orders.events.v3 (vulcan, schema "
    "registry)\n"
    "---\n"
    '  val fs2Kafka      = "3.5.1"\n'
    '  val fs2KafkaVulcan = "3.5.1"\n'
    '  val catsEffect    = "3.5.4"\n'
    '  val doobie        = "1.0.0-RC5"\n'
    '  val flyway        = "10.10.0"\n'
    "---\n"
    "kafka {\n"
    "  bootstrap-servers = ${KAFKA_BOOTSTRAP}\n"
    '  group-id = "order-projector"\n'
    '  auto-offset-reset = "earliest"\n'
    "  max-poll-records = 500\n"
    "}\n"
    "---\n"
    "Topic: orders.events.v3\tTopicId: 6yQ0m1uVR9ScA2bTfXq3Fw\tPartitionCount: 24\t"
    "ReplicationFactor: 3\tConfigs: retention.ms=1209600000\n"
    "---\n"
    "23:  def upsertC(e: OrderEvent): ConnectionIO[Int] =\n"
    '24-    sql"""INSERT INTO order_projection (order_id, status, total_minor, currency, '
    "last_event_seq, updated_at)\n"
    "25-          VALUES (${e.orderId}, ${e.status}, ${e.totalMinor}, ${e.currency}, "
    "${e.seq}, ${e.occurredAt})\n"
    "26-          ON CONFLICT (order_id) DO UPDATE SET\n"
    "27-            status = EXCLUDED.status, total_minor = EXCLUDED.total_minor,\n"
    "28-            currency = EXCLUDED.currency, last_event_seq = EXCLUDED.last_event_seq,\n"
    '29-            updated_at = EXCLUDED.updated_at""".update.run\n'
    "30-\n"
    "31:  def upsert(e: OrderEvent): IO[Unit] = upsertC(e).void.transact(xa)\n"
    "---\n"
    "2026-12-05T14:03:11.482Z INFO  o.a.k.c.c.i.ConsumerCoordinator - [Consumer "
    "clientId=order-projector-7c9f4-2, groupId=order-projector] Revoke previously assigned "
    "partitions orders.events.v3-8, orders.events.v3-9, orders.events.v3-10, "
    "orders.events.v3-11\n"
    "2026-12-05T14:03:11.497Z INFO  c.t.projector.Main - SIGTERM: shutting down\n"
    "2026-12-05T14:03:11.503Z WARN  c.t.projector.Main - stream cancelled\n"
    "2026-12-05T14:03:14.920Z INFO  o.a.k.c.c.i.ConsumerCoordinator - [Consumer "
    "clientId=order-projector-5b21d-1, groupId=order-projector] Setting offset for partition "
    "orders.events.v3-9 to the committed offset FetchPosition{offset=18842713, "
    "offsetEpoch=Optional[41]}\n",
    "The stream commits each batch's offsets before it projects the batch. Checking when that "
    "came in, the versions, the consumer settings, the topic, the upsert and a pod's log from "
    "the deploy.",
    command="git log --format='%h %ad %an %s' --date=short -- "
    "src/main/scala/com/tillhouse/projector/OrderEventsStream.scala && echo --- && grep -E "
    "'fs2Kafka|catsEffect|doobie|flyway' project/Dependencies.scala && echo --- && sed -n "
    "'/^kafka {/,/^}/p' src/main/resources/application.conf && echo --- && "
    "kafka-topics.sh --bootstrap-server kafka-prod-1:9092 --describe --topic orders.events.v3 "
    "| head -1 && echo --- && grep -n -A6 'def upsert' "
    "src/main/scala/com/tillhouse/projector/db/OrderProjectionRepo.scala && echo --- && "
    "grep -h -E 'Revoke previously|SIGTERM|stream cancelled|orders.events.v3-9 to the "
    "committed' logs/deploy-2026-12-05/order-projector-7c9f4.log "
    "logs/deploy-2026-12-05/order-projector-5b21d.log | head -4",
    description="History, versions, consumer settings, topic, upsert, deploy logs",
)
s.call(
    "Write",
    f"File created successfully at: {_STORE}",
    "Found it. Since 4e1b9a7 (ORD-2102, Nov 18) the stream takes up to 500 records in 2 s, "
    "commits the whole batch's offsets, and only then upserts the records one by one. When a "
    "pod gets SIGTERM in the rolling restart, the stream is cancelled in the middle of the "
    "traverse: the offsets are already committed past records that were never projected, and "
    "the partitions' new owner (5b21d took partition 9 at 18842713) starts after them. Up to "
    "500 records per pod per restart, and the 6 pods restart one after another, so 1,214 "
    "orders is about what you'd expect.\n\n"
    "Plan: keep the offsets next to the projection. A PostgresOffsetStore writes each "
    "partition's next offset into a consumer_offsets table in the same transaction as the "
    "batch's upserts, and when a partition is assigned the consumer seeks to the stored "
    "offset, so a batch and its offsets are written together or not at all.",
    file_path=_STORE,
    content=_STORE_SRC,
)
s.call(
    "Write",
    f"File created successfully at: {_V42}",
    "And the table, as migration 42 (V41 is the last one in db/migration).",
    file_path=_V42,
    content=_V42_SRC,
)
s.call(
    "MultiEdit",
    f"Applied 2 edits to {_STREAM}",
    file_path=_STREAM,
    edits=[
        {
            "old_string": "import com.tillhouse.projector.events.OrderEvent\n",
            "new_string": "import com.tillhouse.projector.events.OrderEvent\n"
            "import com.tillhouse.projector.offsets.PostgresOffsetStore\n",
        },
        {
            "old_string": "  )(using log: Logger[IO]): Stream[IO, Unit] =\n"
            "    Stream.eval(consumer.subscribeTo(Topic)) >>\n"
            "      consumer.records\n"
            "        .groupWithin(500, 2.seconds)\n"
            "        .evalMap { chunk =>\n"
            "          // ORD-2102: one commit per batch instead of one per record\n"
            "          val offsets = CommittableOffsetBatch.fromFoldable(chunk.map(_.offset))\n"
            "          offsets.commit >>\n"
            "            chunk.traverse_(r => repo.upsert(r.record.value)) >>\n"
            '            log.debug(s"projected ${chunk.size} order events")\n'
            "        }\n",
            "new_string": "  )(using log: Logger[IO]): Stream[IO, Unit] =\n"
            '    val store = PostgresOffsetStore(repo.xa, group = "order-projector")\n'
            "    val seekOnAssign = consumer.assignmentStream.evalMap(_.toList.traverse_ { tp =>\n"
            "      store.load(tp).flatMap(_.traverse_(consumer.seek(tp, _)))\n"
            "    })\n"
            "    val project = consumer.records\n"
            "      .groupWithin(500, 2.seconds)\n"
            "      .evalMap { chunk =>\n"
            "        // ORD-2291: the batch and its offsets in one transaction\n"
            "        val next = chunk.toList.groupMapReduce(_.offset.topicPartition)(_."
            "offset.offsetAndMetadata.offset + 1)(_ max _)\n"
            "        (chunk.traverse_(r => repo.upsertC(r.record.value)) >> store.save(next))\n"
            "          .transact(repo.xa) >>\n"
            '          log.debug(s"projected ${chunk.size} order events")\n'
            "      }\n"
            "    Stream.eval(consumer.subscribeTo(Topic)) >> project.concurrently(seekOnAssign)\n",
        },
    ],
)
s.call(
    "Bash",
    "[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)\n"
    f"[info] loading project definition from {_ROOT}/project\n"
    "[info] loading settings for project root from build.sbt ...\n"
    f"[info] set current project to order-projector (in build file:{_ROOT}/)\n"
    f"[info] compiling 2 Scala sources to {_ROOT}/target/scala-3.3.3/classes ...\n"
    "10:32:07.114 INFO  o.f.core.internal.command.DbMigrate - Current version of schema "
    '"public": 41\n'
    '10:32:07.139 INFO  o.f.core.internal.command.DbMigrate - Migrating schema "public" to '
    'version "42 - consumer offsets"\n'
    "10:32:07.171 INFO  o.f.core.internal.command.DbMigrate - Successfully applied 1 migration "
    'to schema "public", now at version v42 (execution time 00:00.021s)\n'
    "com.tillhouse.projector.OrderEventsStreamIT:\n"
    "  + projects every event of a batch 2.418s\n"
    "  + a later event for an order updates its status 0.906s\n"
    "  + skips an event whose order the payments service voided 0.713s\n"
    "  ...\n"
    "[info] Passed: Total 14, Failed 0, Errors 0, Passed 14\n"
    "[success] Total time: 52 s, completed Dec 7, 2026, 10:32:31 AM\n",
    "Running the integration tests against the it Postgres and Kafka.",
    command="sbt it/test",
    description="Run the integration tests",
)
s.say(
    "The offsets now live in Postgres: PostgresOffsetStore writes each partition's next offset "
    "into consumer_offsets (migration V42) in the same transaction as the batch's upserts, "
    "and the stream seeks each assigned partition to the stored offset, so a pod killed "
    "mid-batch rolls back the upserts and the offsets together. The 14 integration tests "
    "pass, and the migration applied cleanly to the it database."
)
s.user(
    "No, not a second offset store. The group's committed offsets in Kafka are what "
    "everything else reads: Burrow's lag alerts, the Grafana dashboards, and the runbook's "
    "kafka-consumer-groups --reset-offsets when ops have to skip a poison record or replay; "
    "with a seek to Postgres on every assignment a reset would be silently undone. And the "
    "orders database is shared with billing-reporting: a new table there needs a DBA's "
    "sign-off. We don't need exactly-once. The projection is keyed on order_id, so "
    "at-least-once is fine as long as a redelivered event can't write an older status over a "
    "newer one. So commit after processing: take partitionedRecords, upsert each partition's "
    "records in order, and only then hand their offsets to commitBatchWithin(500, 5.seconds). "
    "Guard the upsert with WHERE order_projection.last_event_seq < EXCLUDED.last_event_seq. "
    "Delete PostgresOffsetStore.scala and V42__consumer_offsets.sql and put "
    "OrderEventsStream.scala back first."
)
s.call(
    "Bash",
    "Updated 1 path from the index\n---\nnothing to commit, working tree clean\n",
    "Dropping the offset store: deleting PostgresOffsetStore.scala and the V42 migration and "
    "checking OrderEventsStream.scala out again.",
    command="rm src/main/scala/com/tillhouse/projector/offsets/PostgresOffsetStore.scala "
    "src/main/resources/db/migration/V42__consumer_offsets.sql && rmdir "
    "src/main/scala/com/tillhouse/projector/offsets && git checkout -- "
    "src/main/scala/com/tillhouse/projector/OrderEventsStream.scala && echo --- && git status",
    description="Delete the offset store and its migration, revert the stream",
)
s.call(
    "MultiEdit",
    f"Applied 1 edit to {_STREAM}",
    "The stream now takes one stream per assigned partition, upserts its records in order, "
    "and hands each record's offset on only after its upsert; commitBatchWithin commits every "
    "500 offsets or 5 s, whichever comes first. A revoked partition's stream ends with the "
    "records it finished, so a cancelled pod leaves at most the uncommitted tail to be "
    "redelivered, never a gap.",
    file_path=_STREAM,
    edits=[
        {
            "old_string": "    Stream.eval(consumer.subscribeTo(Topic)) >>\n"
            "      consumer.records\n"
            "        .groupWithin(500, 2.seconds)\n"
            "        .evalMap { chunk =>\n"
            "          // ORD-2102: one commit per batch instead of one per record\n"
            "          val offsets = CommittableOffsetBatch.fromFoldable(chunk.map(_.offset))\n"
            "          offsets.commit >>\n"
            "            chunk.traverse_(r => repo.upsert(r.record.value)) >>\n"
            '            log.debug(s"projected ${chunk.size} order events")\n'
            "        }\n",
            "new_string": "    Stream.eval(consumer.subscribeTo(Topic)) >>\n"
            "      consumer.partitionedRecords\n"
            "        .map { partition =>\n"
            "          // ORD-2291: an offset reaches the commit only after its record is "
            "projected,\n"
            "          // in the partition's order; at-least-once, the upsert makes a "
            "redelivery harmless\n"
            "          partition.evalMap(r => repo.upsert(r.record.value).as(r.offset))\n"
            "        }\n"
            "        .parJoinUnbounded\n"
            "        .through(commitBatchWithin(500, 5.seconds))\n",
        },
    ],
)
s.call(
    "Edit",
    f"The file {_REPO} has been updated.",
    "The upsert skips an event older than the one the row already has, so a redelivered "
    "PAID can't overwrite SHIPPED.",
    file_path=_REPO,
    old_string='            updated_at = EXCLUDED.updated_at""".update.run\n',
    new_string="            updated_at = EXCLUDED.updated_at\n"
    "          -- ORD-2291: at-least-once; a redelivered older event changes nothing\n"
    '          WHERE order_projection.last_event_seq < EXCLUDED.last_event_seq""".update.run\n',
)
s.call(
    "Edit",
    f"The file {_IT} has been updated.",
    "Two integration tests: a consumer cancelled mid-stream and a second one in the same group "
    "must between them project all 2,000 events, and an older event delivered again must not "
    "change the row.",
    file_path=_IT,
    old_string="  private def runConsumer(group: String): IO[Unit] =\n",
    new_string='  test("loses no event when a consumer is cancelled mid-stream (ORD-2291)") {\n'
    "    val events = OrderEvents.paid(orders = 2000, partitions = 4)\n"
    "    for\n"
    "      _ <- publish(events)\n"
    "      a <- runConsumer(group).start\n"
    "      _ <- awaitProjected(atLeast = 700)\n"
    "      _ <- a.cancel // SIGTERM in the middle of a partition\n"
    "      _ <- runConsumer(group).timeout(60.seconds).start\n"
    "      _ <- awaitProjected(atLeast = 2000)\n"
    "      ids <- projectedOrderIds\n"
    "    yield assertEquals(ids, events.map(_.orderId).toSet)\n"
    "  }\n\n"
    '  test("a redelivered older event does not overwrite a newer status") {\n'
    "    for\n"
    '      _ <- publish(List(OrderEvents.shipped("ord_9QK2", seq = 3), '
    'OrderEvents.paid("ord_9QK2", seq = 2)))\n'
    "      _ <- runConsumer(group).timeout(20.seconds).start\n"
    "      _ <- awaitProjected(atLeast = 1)\n"
    '      row <- projection("ord_9QK2")\n'
    '    yield assertEquals((row.status, row.lastEventSeq), ("SHIPPED", 3L))\n'
    "  }\n\n"
    "  private def runConsumer(group: String): IO[Unit] =\n",
)
s.call(
    "Bash",
    _flyway_failure(
        f"[info] compiling 1 Scala source to {_ROOT}/target/scala-3.3.3/classes ...\n"
        f"[info] compiling 1 Scala source to {_ROOT}/it/target/scala-3.3.3/test-classes ...\n",
        38,
    ),
    "Running the integration tests.",
    command="sbt it/test",
    description="Run the integration tests",
)
s.call(
    "Bash",
    "[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)\n"
    "[success] Total time: 1 s, completed Dec 7, 2026, 10:43:02 AM\n"
    + _flyway_failure(
        f"[info] compiling 14 Scala sources to {_ROOT}/target/scala-3.3.3/classes ...\n"
        f"[info] compiling 6 Scala sources to {_ROOT}/it/target/scala-3.3.3/test-classes ...\n",
        57,
    ),
    "Flyway still sees a migration 42. The deleted V42__consumer_offsets.sql is probably still "
    "among the stale resources sbt copied to target/scala-3.3.3/classes/db/migration. "
    "Cleaning, removing the target folders and running again.",
    command="sbt clean && rm -rf target it/target project/target && sbt it/test",
    description="sbt clean, remove the target folders, run the integration tests again",
)
s.call(
    "Read",
    _numbered(_ITDB_SRC),
    "The same failure after a clean build, so it isn't the classpath. Read again, the message "
    "is the other way round: the database has an applied migration 42 that the code no longer "
    "has. Checking which database the it tests migrate.",
    file_path=_ITDB,
)
s.call(
    "Bash",
    " installed_rank | version |      description       | success\n"
    "----------------+---------+------------------------+---------\n"
    "             42 | 42      | consumer offsets       | t\n"
    "             41 | 41      | order projection index | t\n"
    "             40 | 40      | order projection seq   | t\n"
    "(3 rows)\n\n"
    "                List of relations\n"
    " Schema |       Name       | Type  |   Owner\n"
    "--------+------------------+-------+-----------\n"
    " public | consumer_offsets | table | projector\n"
    "(1 row)\n\n"
    "---\n"
    "DRIVER    VOLUME NAME\n"
    "local     projector-it-pgdata\n",
    "ItDatabase migrates the postgres-it service on localhost:55432, whose data lives in the "
    "named volume projector-it-pgdata and outlives every sbt clean. Looking at its Flyway "
    "history.",
    command="PGPASSWORD=projector psql -h localhost -p 55432 -U projector projector_it -c "
    "'select installed_rank, version, description, success from flyway_schema_history order "
    "by installed_rank desc limit 3' -c '\\dt consumer_offsets' && echo --- && docker volume "
    "ls --filter name=projector-it",
    description="The it database's Flyway history and the offsets table",
)
s.call(
    "Bash",
    "[+] Running 4/4\n"
    " ✔ Container order-projector-kafka-it-1     Removed                              1.9s\n"
    " ✔ Container order-projector-postgres-it-1  Removed                              0.4s\n"
    " ✔ Volume projector-it-pgdata               Removed                              0.1s\n"
    " ✔ Network order-projector_default          Removed                              0.2s\n"
    "[+] Running 4/4\n"
    " ✔ Network order-projector_default          Created                              0.1s\n"
    ' ✔ Volume "projector-it-pgdata"             Created                              0.0s\n'
    " ✔ Container order-projector-postgres-it-1  Healthy                              4.6s\n"
    " ✔ Container order-projector-kafka-it-1     Healthy                              9.8s\n"
    "---\n"
    '10:48:40.502 INFO  o.f.core.internal.command.DbMigrate - Migrating schema "public" to '
    'version "41 - order projection index"\n'
    "10:48:40.561 INFO  o.f.core.internal.command.DbMigrate - Successfully applied 41 "
    'migrations to schema "public", now at version v41 (execution time 00:00.318s)\n'
    "com.tillhouse.projector.OrderEventsStreamIT:\n"
    "  + projects every event of a batch 2.377s\n"
    "  + a later event for an order updates its status 0.884s\n"
    "  + loses no event when a consumer is cancelled mid-stream (ORD-2291) 14.206s\n"
    "  + a redelivered older event does not overwrite a newer status 1.312s\n"
    "  ...\n"
    "[info] Passed: Total 15, Failed 0, Errors 0, Passed 15\n"
    "[success] Total time: 71 s, completed Dec 7, 2026, 10:49:52 AM\n",
    "That's it: the first design's it run applied V42 to the it database (it created "
    "consumer_offsets there), and the docker volume kept it after the migration was deleted. "
    "Nothing in the repository has a 42 now, and production never saw it. Recreating the it "
    "database from scratch with its volume.",
    command="docker compose -f docker-compose.it.yml down -v && docker compose -f "
    "docker-compose.it.yml up -d --wait && echo --- && sbt it/test",
    description="Recreate the it database and Kafka, run the integration tests",
)
s.call(
    "Bash",
    "[info] Passed: Total 86, Failed 0, Errors 0, Passed 86\n"
    "[info] Passed: Total 15, Failed 0, Errors 0, Passed 15\n"
    "[success] Total time: 94 s, completed Dec 7, 2026, 10:53:26 AM\n"
    "---\n"
    "[info] Checking 41 Scala sources...\n"
    "[success] Total time: 3 s, completed Dec 7, 2026, 10:53:31 AM\n"
    "---\n"
    "Switched to a new branch 'fix/ord-2291-commit-after-projecting'\n"
    "[fix/ord-2291-commit-after-projecting 9c3f0d2] ORD-2291: commit offsets after the "
    "records are projected, per partition\n"
    " 3 files changed, 41 insertions(+), 14 deletions(-)\n"
    "branch 'fix/ord-2291-commit-after-projecting' set up to track "
    "'origin/fix/ord-2291-commit-after-projecting'.\n"
    "https://github.com/tillhouse/order-projector/pull/318\n",
    "Unit tests, integration tests and the formatter, then the PR.",
    command="sbt test it/test && echo --- && sbt scalafmtCheckAll && echo --- && git checkout "
    "-b fix/ord-2291-commit-after-projecting && git add -A && git commit -m 'ORD-2291: commit "
    "offsets after the records are projected, per partition' && git push -u origin HEAD && gh "
    "pr create --fill",
    description="Unit and it tests, scalafmt check; then commit, push, open the PR",
)
s.say(
    "PR #318 is up. OrderEventsStream now reads partitionedRecords, upserts each partition's "
    "records in order and hands each offset to commitBatchWithin(500, 5.seconds) only after "
    "its upsert, so a pod cancelled in a deploy leaves records to be redelivered, never "
    "skipped. OrderProjectionRepo.upsert has WHERE order_projection.last_event_seq < "
    "EXCLUDED.last_event_seq, so a redelivered older event changes nothing. The new it test "
    "cancels a consumer after 700 of 2,000 events and a second one in the group projects the "
    "rest; another checks a redelivered PAID doesn't overwrite SHIPPED. 86 unit and 15 it "
    "tests pass, scalafmt is clean. The FlywayValidateException on the way came from the it "
    "database: the offset-store run had applied V42 there, and recreating it with docker "
    "compose down -v fixed it. The prod group's offsets are untouched."
)
s.user(
    "Priya reviewed #318:\n"
    "1. After a rebalance the new owner reads again from the last commit, so an older event can "
    "come after a newer one (PAID after SHIPPED) and write the old status back.\n"
    "2. Why not exactly-once? Kafka transactions with isolation.level=read_committed would make "
    "the duplicates go away instead of tolerating them.\n"
    "3. The pods still get SIGTERM and the stream is cancelled with up to 5 s of projected but "
    "uncommitted records, which the next owner does again. Stop consuming on SIGTERM "
    "(stopConsuming), let the partitions drain, and raise terminationGracePeriodSeconds from "
    "30 to 60 in the chart.\n"
    "4. Now that nothing commits past a record until it's projected, a record that fails to "
    "decode (a DeserializationException from the vulcan deserializer) stops its partition for "
    "good: the stream fails, restarts and reads the same record again. Send it to "
    "orders.events.v3.dlq and commit past it.\n"
    "My take: 1 is done already, that's the last_event_seq guard in the first commit. 2 answer "
    "her on the PR: Kafka transactions only cover writes to Kafka and our sink is Postgres, so "
    "it's at-least-once whatever we do; the guard makes a redelivery harmless. 3 is ORD-2304: "
    "the chart is the platform team's and they're changing the shutdown hooks for every "
    "service. 4 yes, in this PR: deserialize the value with RecordDeserializer's attempt so a "
    "bad value comes as a Left, produce its raw bytes to orders.events.v3.dlq with the error in "
    "an x-decode-error header, pass its offset on to the commit, and an it test that a bad "
    "record lands in the DLQ and the partition goes on."
)
s.call(
    "Bash",
    "https://github.com/tillhouse/order-projector/pull/318#issuecomment-2561904417\n",
    "Answering Priya's 2 on the PR.",
    command="gh pr comment 318 --body-file /tmp/pr318-exactly-once.md",
    description="Reply to the review on exactly-once",
)
s.say(
    "Replied to Priya on #318 about exactly-once: Kafka transactions make a read-process-write "
    "exactly once only when the write goes to Kafka; the projection is written to Postgres, so "
    "the consumer is at-least-once whatever the isolation level, and the last_event_seq guard "
    "makes a redelivered event harmless. Her point 1 was in the first commit (the guard in "
    "OrderProjectionRepo.upsert, with the redelivered-older-event it test), and point 3 is "
    "ORD-2304, with the platform team."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "ORD-2291: order-projector 2.31.0's rolling deploy on Dec 5 (6 pods, 14:02 to "
             "14:09 UTC) lost the events of 1,214 orders on orders.events.v3 (PAID in "
             "payments, PENDING or missing in order_projection; 388 more on Nov 28), because "
             "OrderEventsStream commits each batch's offsets before it upserts the batch, so "
             "a pod cancelled mid-batch leaves committed offsets past records never "
             "projected; find why and fix it so a deploy loses nothing, without replaying the "
             "topic or touching the prod group's offsets.",
             must=(("ord-2291", "order-projector", "ordereventsstream", "order events",
                    "orders.events.v3", "order_projection"),
                   ("deploy", "rebalance", "1,214", "lost", "lose", "commits", "committed")),
             partial_means="The lost events without the commit before processing, or the "
                           "ticket alone.",
             wrong="A Kafka retention problem; a schema registry outage; the payments service."),
    Question("latest_request", "What did the user last ask?",
             "Priya's review of PR #318 with the user's take: (1) done already, the "
             "last_event_seq guard; (2) answer her on the PR: Kafka transactions only cover "
             "writes to Kafka and the sink is Postgres, so at-least-once whatever; (3) the "
             "graceful shutdown and the chart's grace period are ORD-2304, the platform "
             "team's; (4) yes, in this PR: deserialize with RecordDeserializer's attempt, "
             "produce a bad record's raw bytes to orders.events.v3.dlq with an "
             "x-decode-error header, pass its offset on to the commit, with an it test.",
             must=(("dlq", "dead letter", "decode", "deserializ", "x-decode-error",
                    "recorddeserializer"),
                   ("priya", "ord-2304", "answer her", "exactly-once", "kafka transactions",
                    "last_event_seq")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "priya", "take"),
             partial_means="One of the points to act on.",
             wrong="Adding Kafka transactions now; changing the chart's grace period in this PR.",
             stale_means="The ORD-2291 report or the no-offset-store correction given as the "
                         "latest request."),
    Question("next_step", "What exactly is the next step?",
             "Priya's 4: in OrderEventsStream deserialize the value with "
             "RecordDeserializer's attempt so a bad value comes as a Left, produce its raw "
             "bytes to orders.events.v3.dlq with the error in an x-decode-error header and "
             "pass its offset on to commitBatchWithin; add an it test in OrderEventsStreamIT "
             "that a bad record lands in the DLQ and the partition goes on; run sbt test "
             "it/test, then commit and push to PR #318.",
             must=(("dlq", "dead letter", "decode", "deserializ", "x-decode-error",
                    "recorddeserializer", "attempt"),
                   ("push", "sbt test", "it/test", "ordereventsstreamit")),
             stale=("stopconsuming", "terminationgraceperiodseconds", "read_committed",
                    "postgresoffsetstore"),
             partial_means="The DLQ without its test or the push, or the push alone.",
             wrong="Replaying the topic; resetting the prod group's offsets; answering Priya's "
                   "2 (done).",
             stale_means="Says to stop consuming on SIGTERM and raise "
                         "terminationGracePeriodSeconds in the chart (put off by the user to "
                         "ORD-2304), to switch to Kafka transactions with read_committed "
                         "(answered, ruled out), or to wire PostgresOffsetStore into Main "
                         "(ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "src/main/scala/com/tillhouse/projector/OrderEventsStream.scala (partitionedRecords, "
             "each partition's records upserted in order and only then their offsets through "
             "commitBatchWithin(500, 5.seconds), in place of the commit before the batch); "
             "db/OrderProjectionRepo.scala (the upsert guarded by WHERE "
             "order_projection.last_event_seq < EXCLUDED.last_event_seq); "
             "it/.../OrderEventsStreamIT.scala (the cancelled-consumer and the redelivered "
             "older event tests). "
             "offsets/PostgresOffsetStore.scala and V42__consumer_offsets.sql were created and "
             "deleted, and OrderEventsStream.scala checked out again before the real change.",
             must=(("ordereventsstream.scala",), ("orderprojectionrepo",),
                   ("ordereventsstreamit",)),
             stale=("postgresoffsetstore", "v42__consumer_offsets"),
             spread=True,
             partial_means="One or two of the three files.",
             wrong="Main.scala, application.conf or ItDatabase.scala given as edited.",
             stale_means="PostgresOffsetStore.scala or the V42__consumer_offsets.sql migration "
                         "listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "Commit after processing, at-least-once: partitionedRecords, each partition's "
             "records upserted in order, and only then their offsets handed to "
             "commitBatchWithin(500, 5.seconds), the committed offsets staying in Kafka; the "
             "upsert guarded by last_event_seq so a redelivered older event changes nothing. "
             "It rules out storing the offsets in Postgres (PostgresOffsetStore, a "
             "consumer_offsets table, a seek to the stored offset on assignment: Burrow, the "
             "dashboards and kafka-consumer-groups --reset-offsets read Kafka's offsets, a "
             "new table in the shared orders database needs a DBA), and exactly-once with "
             "Kafka transactions.",
             must=(("commit after", "commitbatchwithin", "after its upsert",
                    "after processing", "partitionedrecords", "only then"),
                   ("postgres", "offset store", "postgresoffsetstore", "consumer_offsets",
                    "exactly-once", "kafka transactions")),
             stale=("postgresoffsetstore", "consumer_offsets table", "seeks each assigned",
                    "offsets now live in postgres"),
             partial_means="The commit after processing without what it rules out, or the "
                           "reverse.",
             wrong="Committing per record synchronously; enable.auto.commit.",
             stale_means="The PostgresOffsetStore (offsets in a consumer_offsets table, "
                         "written with the upserts, sought to on assignment) given as the "
                         "design."),
    Question("review", "What did the review find?",
             "Priya on #318: (1) after a rebalance an older event can come after a newer one "
             "(PAID after SHIPPED) and write the old status back (done already: the "
             "last_event_seq guard); (2) why not exactly-once with Kafka transactions and "
             "read_committed (answered on the PR: the sink is Postgres); (3) SIGTERM still "
             "cancels the stream with up to 5 s uncommitted: stopConsuming and "
             "terminationGracePeriodSeconds 60 in the chart (ORD-2304); (4) a record that "
             "fails to decode stops its partition for good: to orders.events.v3.dlq and "
             "commit past it (to do, in this PR).",
             must=(("older event", "paid after shipped", "last_event_seq", "old status"),
                   ("exactly-once", "kafka transactions", "read_committed"),
                   ("sigterm", "stopconsuming", "graceperiod", "ord-2304", "shutdown"),
                   ("decode", "dlq", "deserializ", "poison")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "priya", "reviewed"),
             partial_means="Two or three of the four points.",
             wrong="The FlywayValidateException given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not a second offset store: Burrow's lag alerts, the Grafana dashboards and the "
             "runbook's kafka-consumer-groups --reset-offsets read the group's offsets in "
             "Kafka, and a seek to Postgres on assignment would silently undo a reset; a new "
             "table in the orders database shared with billing-reporting needs a DBA's "
             "sign-off; exactly-once isn't needed. Commit after processing instead: "
             "partitionedRecords, upsert each partition's records in order, then their "
             "offsets to commitBatchWithin(500, 5.seconds), with the upsert guarded by "
             "last_event_seq; delete PostgresOffsetStore.scala and V42__consumer_offsets.sql "
             "and put OrderEventsStream.scala back first.",
             must=(("offset store", "postgresoffsetstore", "reset-offsets", "burrow",
                    "postgres"),
                   ("commit after", "commitbatchwithin", "partitionedrecords",
                    "after processing")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "wants", "ruled out"),
             partial_means="The offset store ruled out without what to do instead, or the "
                           "reverse.",
             wrong="The FlywayValidateException given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The lost events stop with the commit after processing. Then the it suite failed "
             "in beforeAll with FlywayValidateException (Detected applied migration not "
             "resolved locally: 42); sbt clean, removing target, it/target and "
             "project/target and a re-run did not fix it (not stale resources: the first "
             "design's it run had applied V42 and created consumer_offsets in the it "
             "Postgres on localhost:55432, kept in the docker volume projector-it-pgdata); "
             "fixed by recreating it with docker compose -f docker-compose.it.yml down -v and "
             "up, after which 15 it tests pass.",
             must=(("flywayvalidateexception", "applied migration not resolved",
                    "migration not resolved locally", "flyway"),
                   ("down -v", "projector-it-pgdata", "flyway_schema_history", "it database",
                    "docker volume", "recreat")),
             stale=("fixed by sbt clean", "fixed by a re-run", "fixed by re-running",
                    "fixed by cleaning", "fixed by a clean build", "stale resources",
                    "still among the stale"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A compile error; the deploy's revoke log given as a test error.",
             stale_means="The FlywayValidateException 'fixed' by sbt clean, removing the "
                         "target folders or a re-run, or put down to stale resources in "
                         "target."),
    Question("key_values", "Which key values matter?",
             "ORD-2291: 2.31.0's deploy on Dec 5, 14:02 to 14:09 UTC, 6 pods; 1,214 orders "
             "lost (388 on Nov 28; 1,602 backfilled by Hana); orders.events.v3, 24 "
             "partitions, group order-projector; 4e1b9a7 (ORD-2102) brought the "
             "commit-first batches; commitBatchWithin(500, 5.seconds); fs2-kafka 3.5.1; 86 "
             "unit and 15 it tests pass; PR #318, commit 9c3f0d2; ORD-2304; "
             "orders.events.v3.dlq.",
             must=(("ord-2291", "1,214", "388", "1,602", "2.31.0", "14:02"),
                   ("9c3f0d2", "4e1b9a7", "ord-2102", "86 unit", "15 it tests")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "OrderEventsStream.scala projects orders.events.v3 into order_projection (the "
             "consumer, one per pod); db/OrderProjectionRepo.scala holds the upsert into "
             "order_projection; it/.../OrderEventsStreamIT.scala the integration tests; "
             "it/.../ItDatabase.scala the it tests' Postgres (postgres-it on localhost:55432, "
             "volume projector-it-pgdata), migrated with production's Flyway migrations; "
             "docker-compose.it.yml runs the it Postgres and Kafka; application.conf holds "
             "the consumer settings (group order-projector).",
             must=(("ordereventsstream.scala",),
                   ("orderprojectionrepo", "itdatabase", "docker-compose.it.yml",
                    "application.conf", "ordereventsstreamit")),
             partial_means="The files named without what they hold.",
             wrong="PostgresOffsetStore.scala as the store that keeps the group's offsets."),
    Question("pending", "What work is still pending?",
             "Priya's 4: a record that fails to decode to orders.events.v3.dlq (RecordDeserializer's "
             "attempt, x-decode-error header) with its offset passed on to the commit, and an "
             "it test; then sbt test it/test, commit and push to #318; the graceful shutdown "
             "later in ORD-2304 (the platform team).",
             must=(("dlq", "dead letter", "decode", "deserializ", "x-decode-error"),
                   ("push", "sbt test", "it/test")),
             partial_means="The DLQ without its test or the push, or the reverse.",
             wrong="The last_event_seq guard or the reply on exactly-once as pending.",
             stale_means="stopConsuming and the chart's grace period, or wiring the offset "
                         "store into Main, as pending."),
    Question("state", "What is the state of the work?",
             "PR #318 is open (commit 9c3f0d2) with the commit after processing per partition "
             "and the guarded upsert; 86 unit and 15 it tests pass and scalafmt is clean; "
             "Priya's 1 was in the first commit, 2 is answered on the PR, 3 is ORD-2304; the "
             "DLQ for records that fail to decode is not written; the it database was "
             "recreated; the prod group's offsets are untouched.",
             must=(("15 it tests", "86 unit", "tests pass", "#318 is open", "passed: total 15"),
                   ("not written", "dlq", "decode")),
             partial_means="The fix without what remains.",
             wrong="Says the PR is merged or the DLQ is done.",
             stale_means="Says the offsets are stored in Postgres by PostgresOffsetStore."),
)  # fmt: skip

PRODUCTION = """This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
ORD-2291: offsets committed before the batch is projected; an offset store, ruled out for commit after processing; a FlywayValidateException; Priya's review.

Summary:
1. Primary Request and Intent:
   ORD-2291: order-projector 2.31.0's rolling deploy on Dec 5 (6 pods, 14:02 to 14:09 UTC) lost the events of 1,214 orders on orders.events.v3; fix it without replaying the topic or touching the prod group's offsets. Latest request (Priya's review of PR #318, the user's take): (1) done already; (2) answer her on the PR; (3) is ORD-2304; (4) in this PR: a record that fails to decode goes to orders.events.v3.dlq via RecordDeserializer's attempt, with an it test.
2. Key Technical Concepts:
   - Cause: since 4e1b9a7 (ORD-2102) OrderEventsStream committed each batch's offsets before the upserts, so a pod cancelled mid-batch skipped records.
   - Decision (the user's correction): commit after processing with partitionedRecords, each partition's records upserted in order, only then their offsets to commitBatchWithin(500, 5.seconds), the upsert guarded by last_event_seq; this rules out the PostgresOffsetStore (Burrow and --reset-offsets read Kafka's offsets) and exactly-once.
3. Files and Code Sections:
   - src/main/scala/com/tillhouse/projector/OrderEventsStream.scala (edited): the consumer, now partitionedRecords.
   - db/OrderProjectionRepo.scala (edited): the upsert, WHERE order_projection.last_event_seq < EXCLUDED.last_event_seq.
   - it/.../OrderEventsStreamIT.scala (edited): the cancelled-consumer and older-event tests.
   - offsets/PostgresOffsetStore.scala and V42__consumer_offsets.sql: created, then deleted.
4. Errors and fixes:
   - The it suite failed with FlywayValidateException (Detected applied migration not resolved locally: 42). sbt clean and a re-run did not fix it; the first design's run had applied V42 to the it database; fixed by docker compose -f docker-compose.it.yml down -v and up.
5. Problem Solving:
   Priya's review found: an older event over a newer one (done already); why not exactly-once (answered on #318); stopConsuming on SIGTERM (ORD-2304); a record that fails to decode stops its partition (not written).
6. All user messages:
   - The report; "No, not a second offset store ... commit after processing"; Priya's review.
7. Pending Tasks:
   - The DLQ for records that fail to decode (x-decode-error header, offset passed on), an it test; sbt test it/test, push to #318.
8. Current Work:
   PR #318 is open (9c3f0d2); 86 unit and 15 it tests pass, scalafmt clean; the DLQ is not written.
9. Optional Next Step:
   Send a record that fails to decode to orders.events.v3.dlq and pass its offset on, add the it test, run sbt test it/test, push to #318."""
