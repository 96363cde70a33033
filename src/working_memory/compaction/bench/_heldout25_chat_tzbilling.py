"""Held out, twenty-fifth set: written 2026-12-07, while round 13 was tuned on the twenty-fourth
set, by an author who never ran the handoff on them. OpenAI chat with function tools,
Kotlin/Spring Boot 3.2 (Spring Data JPA with Hibernate 6.4 on PostgreSQL 15, Flyway 9, ShedLock,
a Gradle Kotlin DSL build, JUnit 5 with Testcontainers): since 1.9.0 (12 November, BILL-377)
renews APAC subscriptions at the customer's local midnight, the 1 December run billed 214
customers in Pacific/Auckland (131) and Australia/Sydney (83) for November, dated 30 November
(BILL-412), because the hourly MonthlyBillingJob takes the period from
BillingPeriodCalculator.currentPeriod(), LocalDate.now() in the pods' UTC zone, and invoice.issued_at
and subscription.next_renewal_at are timestamp without time zone, UTC wall clock; a
ZoneBillingScheduler (a CronTrigger per customer zone, 38 of them, at 00:05 on the 1st, with a
runForZone on the job) written, then ruled out by the user (3 replicas and ShedLock's one lock
per name, new zones untriggered until a restart, a trigger missed in a deploy is gone while the
hourly job catches up) for the period computed in BillingPeriodCalculator.periodFor from the
renewal instant as a ZonedDateTime in the customer's zone, the two columns made timestamptz by a
Flyway migration V47, and an injected Clock bean; the scheduler file deleted and the job checked
out again; 41 of 219 tests then fail to load the ApplicationContext with Hibernate's
Schema-validation on invoice.issued_at (found timestamp), which ./gradlew clean test
--rerun-tasks, --no-build-cache and deleting build and the Gradle build cache did not fix (not a
stale build) and renaming the migration did: V47_invoice_timestamptz.sql had one underscore, so
Flyway (validateMigrationNaming false by default) skipped it silently, 46 migrations applied;
spring.flyway.validate-migration-naming: true added; a review of PR #531 with four points: one
done already (V47 converts the rows AT TIME ZONE 'UTC'), one answered on the PR (why not
TZ=Pacific/Auckland in the Helm chart), one a ticket (credit notes for the 214 invoices, BILL-418,
finance's script), one pending (a parameterised BillingPeriodCalculatorTest across the NZ DST
change and a zone west of UTC); the assistant's last words name that test as the next step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/harbourline-billing"
_K = "src/main/kotlin/nz/co/harbourline/billing"
_T = "src/test/kotlin/nz/co/harbourline/billing"
_CALC = f"{_K}/invoice/BillingPeriodCalculator.kt"
_JOB = f"{_K}/invoice/MonthlyBillingJob.kt"
_INVOICE = f"{_K}/invoice/Invoice.kt"
_MAPPER = f"{_K}/invoice/InvoiceMapper.kt"
_SUB = f"{_K}/subscription/Subscription.kt"
_SUBREPO = f"{_K}/subscription/SubscriptionRepository.kt"
_RENEWAL = f"{_K}/subscription/RenewalSchedule.kt"
_ZONES = f"{_K}/scheduling/ZoneBillingScheduler.kt"
_CLOCK = f"{_K}/config/ClockConfig.kt"
_MIGS = "src/main/resources/db/migration"
_MIG_BAD = f"{_MIGS}/V47_invoice_timestamptz.sql"
_MIG = f"{_MIGS}/V47__invoice_timestamptz.sql"
_YML = "src/main/resources/application.yml"
_CALC_TEST = f"{_T}/invoice/BillingPeriodCalculatorTest.kt"
_IT = f"{_T}/invoice/MonthlyBillingJobIT.kt"

_CALC_SRC = (
    "package nz.co.harbourline.billing.invoice\n\n"
    "import java.time.LocalDate\n"
    "import java.time.YearMonth\n"
    "import org.springframework.stereotype.Component\n\n"
    "/** The period a monthly invoice covers: the calendar month the job runs in. */\n"
    "@Component\n"
    "class BillingPeriodCalculator {\n\n"
    "    fun currentPeriod(): BillingPeriod {\n"
    "        val month = YearMonth.from(LocalDate.now())\n"
    "        return BillingPeriod(month.atDay(1), month.atEndOfMonth())\n"
    "    }\n"
    "}\n\n"
    "data class BillingPeriod(val start: LocalDate, val end: LocalDate)\n"
)
_JOB_IMPORTS = (
    "package nz.co.harbourline.billing.invoice\n\n"
    "import java.time.LocalDateTime\n"
    "import net.javacrumbs.shedlock.spring.annotation.SchedulerLock\n"
    "import nz.co.harbourline.billing.subscription.RenewalSchedule\n"
    "import nz.co.harbourline.billing.subscription.SubscriptionRepository\n"
    "import org.slf4j.LoggerFactory\n"
    "import org.springframework.scheduling.annotation.Scheduled\n"
    "import org.springframework.stereotype.Component\n"
    "import org.springframework.transaction.annotation.Transactional\n\n"
)
_JOB_CLASS = (
    "/** Bills every subscription whose renewal has come: one invoice a month each. */\n"
    "@Component\n"
    "class MonthlyBillingJob(\n"
    "    private val subscriptions: SubscriptionRepository,\n"
    "    private val invoices: InvoiceRepository,\n"
    "    private val numbers: InvoiceNumberSequence,\n"
    "    private val periods: BillingPeriodCalculator,\n"
    "    private val renewals: RenewalSchedule,\n"
    ") {\n"
    "    private val log = LoggerFactory.getLogger(javaClass)\n\n"
)
_JOB_RUN_HEAD = (
    "    // hourly, since BILL-377 renews APAC subscriptions at the customer's local midnight\n"
    '    @Scheduled(cron = "0 5 * * * *")\n'
    '    @SchedulerLock(name = "monthly-billing", lockAtMostFor = "PT50M")\n'
    "    @Transactional\n"
    "    fun run() {\n"
    "        val now = LocalDateTime.now()\n"
    "        val due = subscriptions.findDueForRenewal(now)\n"
    "        val period = periods.currentPeriod()\n"
)
_JOB_LOOP = (
    "        for (subscription in due) {\n"
    "            invoices.save(\n"
    "                Invoice(\n"
    "                    number = numbers.next(period.start),\n"
    "                    customer = subscription.customer,\n"
    "                    subscription = subscription,\n"
    "                    periodStart = period.start,\n"
    "                    periodEnd = period.end,\n"
    "                    amount = subscription.plan.monthlyPrice,\n"
    "                    currency = subscription.plan.currency,\n"
    "                    issuedAt = now,\n"
    "                ),\n"
    "            )\n"
    "            subscription.nextRenewalAt = renewals.after(subscription)\n"
    "        }\n"
    '        log.info("monthly billing: {} invoices for {}", due.size, period)\n'
    "    }\n"
    "}\n"
)
_JOB_SRC = _JOB_IMPORTS + _JOB_CLASS + _JOB_RUN_HEAD + _JOB_LOOP

_REPLICA = (
    'psql "$BILLING_REPLICA_URL" -c "select c.time_zone, c.region, count(*) as invoices, '
    "min(i.issued_at) as first_issued_at, i.period_start from invoice i join customer c on "
    "c.id = i.customer_id where i.issued_at >= '2026-11-30' and i.issued_at < '2026-12-02' "
    'group by 1, 2, 5 order by 1" -c "\\d invoice" -c "\\d subscription" | grep -v "^ *$"'
)
_REPLICA_OUT = (
    "    time_zone     | region | invoices |   first_issued_at   | period_start\n"
    "------------------+--------+----------+---------------------+--------------\n"
    " America/Chicago  | NA     |       57 | 2026-12-01 00:05:00 | 2026-12-01\n"
    " America/New_York | NA     |      164 | 2026-12-01 00:05:00 | 2026-12-01\n"
    " Australia/Sydney | APAC   |       83 | 2026-11-30 13:05:00 | 2026-11-01\n"
    " Europe/London    | EMEA   |      392 | 2026-12-01 00:05:00 | 2026-12-01\n"
    " Pacific/Auckland | APAC   |      131 | 2026-11-30 11:05:00 | 2026-11-01\n"
    "(5 rows)\n"
    '                            Table "public.invoice"\n'
    "     Column      |            Type             | Collation | Nullable |       Default\n"
    "-----------------+-----------------------------+-----------+----------+------------------\n"
    " id              | bigint                      |           | not null | generated always\n"
    " number          | character varying(32)       |           | not null |\n"
    " customer_id     | bigint                      |           | not null |\n"
    " subscription_id | bigint                      |           | not null |\n"
    " period_start    | date                        |           | not null |\n"
    " period_end      | date                        |           | not null |\n"
    " amount          | numeric(12,2)               |           | not null |\n"
    " currency        | character(3)                |           | not null |\n"
    " issued_at       | timestamp without time zone |           | not null |\n"
    '                            Table "public.subscription"\n'
    "     Column      |            Type             | Collation | Nullable |       Default\n"
    "-----------------+-----------------------------+-----------+----------+------------------\n"
    " id              | bigint                      |           | not null | generated always\n"
    " customer_id     | bigint                      |           | not null |\n"
    " plan_id         | bigint                      |           | not null |\n"
    " status          | character varying(16)       |           | not null |\n"
    " next_renewal_at | timestamp without time zone |           | not null |\n"
    "[... paused_until, created_at ...]\n"
)
_LOG377 = (
    f"git log --oneline -4 -- {_RENEWAL} {_JOB} && git show --stat --format='%h %s%n%b' "
    "e3b91c4 | head -12 && grep -rn 'jdbc.time_zone\\|TZ' src/main/resources/application.yml "
    "deploy/helm/billing-service/values.yaml"
)
_LOG377_OUT = (
    "e3b91c4 Renew APAC subscriptions at the customer's local midnight (BILL-377)\n"
    "9a0d2f7 Run monthly billing hourly, ShedLock monthly-billing (BILL-366)\n"
    "41c7b38 Invoice numbers per period month (BILL-301)\n"
    "0fe5a12 Monthly billing job (BILL-12)\n"
    "e3b91c4 Renew APAC subscriptions at the customer's local midnight (BILL-377)\n"
    "APAC customers got their invoices at 13:00 on the 1st. nextRenewalAt is now the next\n"
    "1st at 00:00 in customer.zoneId, stored as UTC wall clock. Released in 1.9.0.\n\n"
    f" {_RENEWAL}                | 18 ++++++++++------\n"
    f" {_T}/subscription/RenewalScheduleTest.kt | 41 ++++++++++++++++++++\n"
    " 2 files changed, 51 insertions(+), 8 deletions(-)\n"
    "src/main/resources/application.yml:14:        jdbc.time_zone: UTC\n"
    'deploy/helm/billing-service/values.yaml:22:    TZ: "UTC"\n'
)

_ZONES_SRC = (
    "package nz.co.harbourline.billing.scheduling\n\n"
    "import java.time.ZoneId\n"
    "import nz.co.harbourline.billing.customer.CustomerRepository\n"
    "import nz.co.harbourline.billing.invoice.MonthlyBillingJob\n"
    "import org.slf4j.LoggerFactory\n"
    "import org.springframework.boot.context.event.ApplicationReadyEvent\n"
    "import org.springframework.context.event.EventListener\n"
    "import org.springframework.scheduling.TaskScheduler\n"
    "import org.springframework.scheduling.support.CronTrigger\n"
    "import org.springframework.stereotype.Component\n\n"
    "/**\n"
    " * Runs monthly billing once per customer zone, at 00:05 on the 1st in that zone, so the\n"
    " * job's own date is the customer's date (BILL-412).\n"
    " */\n"
    "@Component\n"
    "class ZoneBillingScheduler(\n"
    "    private val customers: CustomerRepository,\n"
    "    private val job: MonthlyBillingJob,\n"
    "    private val scheduler: TaskScheduler,\n"
    ") {\n"
    "    private val log = LoggerFactory.getLogger(javaClass)\n\n"
    "    @EventListener(ApplicationReadyEvent::class)\n"
    "    fun registerZones() {\n"
    "        val zones = customers.findDistinctZoneIds().map(ZoneId::of)\n"
    "        for (zone in zones) {\n"
    '            scheduler.schedule({ job.runForZone(zone) }, CronTrigger("0 5 0 1 * *", zone))\n'
    "        }\n"
    '        log.info("monthly billing: {} zone triggers registered", zones.size)\n'
    "    }\n"
    "}\n"
)
_JOB_ZONE_HEAD = (
    "    /** One zone's renewals, run by ZoneBillingScheduler at 00:05 on the 1st there. */\n"
    "    @Transactional\n"
    "    fun runForZone(zone: ZoneId) {\n"
    "        val now = LocalDateTime.now()\n"
    "        val due = subscriptions.findDueForRenewal(now).filter { it.customer.zoneId == zone }\n"
    "        val month = YearMonth.from(LocalDate.now(zone))\n"
    "        val period = BillingPeriod(month.atDay(1), month.atEndOfMonth())\n"
)
_ZONES_RUN = (
    "./gradlew test && (SPRING_PROFILES_ACTIVE=local ./gradlew bootRun > /tmp/boot.log 2>&1 & "
    "echo $! > /tmp/boot.pid) && sleep 45 && grep -E 'zone triggers|Started BillingApplication' "
    "/tmp/boot.log"
)

_CLOCK_SRC = (
    "package nz.co.harbourline.billing.config\n\n"
    "import java.time.Clock\n"
    "import org.springframework.context.annotation.Bean\n"
    "import org.springframework.context.annotation.Configuration\n\n"
    "/** Billing reads the time from this Clock, never from now(): the tests pin it (BILL-412). "
    "*/\n"
    "@Configuration\n"
    "class ClockConfig {\n"
    "    @Bean\n"
    "    fun clock(): Clock = Clock.systemUTC()\n"
    "}\n"
)
_CALC_NEW = (
    "package nz.co.harbourline.billing.invoice\n\n"
    "import java.time.Instant\n"
    "import java.time.LocalDate\n"
    "import java.time.YearMonth\n"
    "import java.time.ZoneId\n"
    "import org.springframework.stereotype.Component\n\n"
    "/**\n"
    " * The period a monthly invoice covers: the calendar month, in the customer's zone, that the\n"
    " * renewal falls in, whenever the job happens to run. Never the server's date: a renewal at\n"
    " * local midnight in Auckland is the previous day in UTC (BILL-412).\n"
    " */\n"
    "@Component\n"
    "class BillingPeriodCalculator {\n\n"
    "    fun periodFor(renewalAt: Instant, zone: ZoneId): BillingPeriod {\n"
    "        val local = renewalAt.atZone(zone) // a ZonedDateTime in the customer's zone\n"
    "        val month = YearMonth.from(local)\n"
    "        return BillingPeriod(month.atDay(1), month.atEndOfMonth())\n"
    "    }\n"
    "}\n\n"
    "data class BillingPeriod(val start: LocalDate, val end: LocalDate)\n"
)
_JOB_NEW = (
    _JOB_IMPORTS.replace(
        "import java.time.LocalDateTime\n",
        "import java.time.Clock\nimport java.time.OffsetDateTime\n",
    )
    + _JOB_CLASS.replace(
        "    private val renewals: RenewalSchedule,\n",
        "    private val renewals: RenewalSchedule,\n    private val clock: Clock,\n",
    )
    + "    // hourly, since BILL-377 renews APAC subscriptions at the customer's local midnight\n"
    '    @Scheduled(cron = "0 5 * * * *")\n'
    '    @SchedulerLock(name = "monthly-billing", lockAtMostFor = "PT50M")\n'
    "    @Transactional\n"
    "    fun run() {\n"
    "        val now = OffsetDateTime.now(clock)\n"
    "        val due = subscriptions.findDueForRenewal(now.toInstant())\n"
    "        for (subscription in due) {\n"
    "            // the month the renewal falls in for the customer, whenever this run happens\n"
    "            val period =\n"
    "                periods.periodFor(subscription.nextRenewalAt, subscription.customer.zoneId)\n"
    + _JOB_LOOP.replace("        for (subscription in due) {\n", "").replace(
        '"monthly billing: {} invoices for {}", due.size, period',
        '"monthly billing: {} invoices", due.size',
    )
)
_PATCH = (
    f"--- a/{_INVOICE}\n+++ b/{_INVOICE}\n"
    "@@ -4,7 +4,7 @@\n"
    " import java.math.BigDecimal\n"
    " import java.time.LocalDate\n"
    "-import java.time.LocalDateTime\n"
    "+import java.time.OffsetDateTime\n"
    "@@ -31,5 +31,5 @@ class Invoice(\n"
    '     @Column(name = "issued_at", nullable = false)\n'
    "-    val issuedAt: LocalDateTime,\n"
    "+    val issuedAt: OffsetDateTime,\n"
    f"--- a/{_SUB}\n+++ b/{_SUB}\n"
    "@@ -3,7 +3,7 @@\n"
    "-import java.time.LocalDateTime\n"
    "+import java.time.Instant\n"
    "@@ -27,4 +27,5 @@ class Subscription(\n"
    '     @Column(name = "next_renewal_at", nullable = false)\n'
    "-    var nextRenewalAt: LocalDateTime,\n"
    "+    // an instant: the customer's local midnight, whatever zone reads it (BILL-412)\n"
    "+    var nextRenewalAt: Instant,\n"
    f"--- a/{_SUBREPO}\n+++ b/{_SUBREPO}\n"
    "@@ -12,5 +12,5 @@ interface SubscriptionRepository : JpaRepository<Subscription, Long> {\n"
    "     @Query(\"select s from Subscription s where s.status = 'ACTIVE' and s.nextRenewalAt <= "
    ':now")\n'
    "-    fun findDueForRenewal(now: LocalDateTime): List<Subscription>\n"
    "+    fun findDueForRenewal(now: Instant): List<Subscription>\n"
    f"--- a/{_RENEWAL}\n+++ b/{_RENEWAL}\n"
    "@@ -18,9 +18,8 @@ class RenewalSchedule {\n"
    "-    fun after(subscription: Subscription): LocalDateTime {\n"
    "+    fun after(subscription: Subscription): Instant {\n"
    "         val zone = subscription.customer.zoneId\n"
    "         val next = firstOfNextMonth(subscription.nextRenewalAt.atZone(zone))\n"
    "-        return next.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()\n"
    "+        return next.toInstant()\n"
    "     }\n"
    f"--- a/{_MAPPER}\n+++ b/{_MAPPER}\n"
    "@@ -22,7 +22,8 @@ object InvoiceMapper {\n"
    "     fun toView(invoice: Invoice) = InvoiceView(\n"
    "         number = invoice.number,\n"
    "-        issuedOn = invoice.issuedAt.toLocalDate(),\n"
    "+        // the date on the PDF and in the portal is the customer's date\n"
    "+        issuedOn = invoice.issuedAt.atZoneSameInstant(invoice.customer.zoneId).toLocalDate(),\n"
    "         periodStart = invoice.periodStart,\n"
)
_MIG_SRC = (
    "-- BILL-412: keep the instant, not the pods' wall clock. The old values are UTC wall-clock\n"
    "-- times (hibernate.jdbc.time_zone: UTC), so convert them AT TIME ZONE 'UTC', never in the\n"
    "-- session's TimeZone.\n"
    "ALTER TABLE invoice\n"
    "    ALTER COLUMN issued_at TYPE timestamptz USING issued_at AT TIME ZONE 'UTC';\n\n"
    "ALTER TABLE subscription\n"
    "    ALTER COLUMN next_renewal_at TYPE timestamptz USING next_renewal_at AT TIME ZONE 'UTC';\n"
)
_IT_SRC = (
    "package nz.co.harbourline.billing.invoice\n\n"
    "import java.time.Clock\n"
    "import java.time.Instant\n"
    "import java.time.LocalDate\n"
    "import java.time.ZoneOffset\n"
    "import nz.co.harbourline.billing.testing.BillingFixtures\n"
    "import org.assertj.core.api.Assertions.assertThat\n"
    "import org.junit.jupiter.api.Test\n"
    "import org.springframework.beans.factory.annotation.Autowired\n"
    "import org.springframework.boot.test.context.SpringBootTest\n"
    "import org.springframework.boot.test.context.TestConfiguration\n"
    "import org.springframework.boot.testcontainers.service.connection.ServiceConnection\n"
    "import org.springframework.context.annotation.Bean\n"
    "import org.springframework.context.annotation.Import\n"
    "import org.springframework.context.annotation.Primary\n"
    "import org.testcontainers.containers.PostgreSQLContainer\n"
    "import org.testcontainers.junit.jupiter.Container\n"
    "import org.testcontainers.junit.jupiter.Testcontainers\n\n"
    "@SpringBootTest\n"
    "@Testcontainers\n"
    "@Import(MonthlyBillingJobIT.PinnedClock::class)\n"
    "class MonthlyBillingJobIT @Autowired constructor(\n"
    "    private val job: MonthlyBillingJob,\n"
    "    private val invoices: InvoiceRepository,\n"
    "    private val fixtures: BillingFixtures,\n"
    ") {\n"
    "    companion object {\n"
    "        @Container\n"
    "        @ServiceConnection\n"
    "        @JvmStatic\n"
    '        val postgres = PostgreSQLContainer("postgres:15.8-alpine")\n\n'
    "        // the 1 December run that went wrong: 00:05 NZDT in Auckland, 22:05 AEDT in Sydney\n"
    '        val RUN_AT: Instant = Instant.parse("2026-11-30T11:05:00Z")\n'
    "    }\n\n"
    "    @TestConfiguration\n"
    "    class PinnedClock {\n"
    "        @Bean\n"
    "        @Primary\n"
    "        fun pinnedClock(): Clock = Clock.fixed(RUN_AT, ZoneOffset.UTC)\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `an Auckland renewal at local midnight bills December`() {\n"
    '        val sub = fixtures.subscription("Pacific/Auckland", renewsAt = "2026-11-30T11:00:00Z")\n'
    "        job.run()\n"
    "        val invoice = invoices.findBySubscriptionId(sub.id).single()\n"
    "        assertThat(invoice.periodStart).isEqualTo(LocalDate.of(2026, 12, 1))\n"
    "        assertThat(invoice.periodEnd).isEqualTo(LocalDate.of(2026, 12, 31))\n"
    '        assertThat(invoice.number).startsWith("INV-2026-12-")\n'
    "    }\n\n"
    "    @Test\n"
    "    fun `a Sydney renewal is not due before its local midnight`() {\n"
    '        val sub = fixtures.subscription("Australia/Sydney", renewsAt = "2026-11-30T13:00:00Z")\n'
    "        job.run()\n"
    "        assertThat(invoices.findBySubscriptionId(sub.id)).isEmpty()\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `issued_at keeps the instant and shows the customer's date`() {\n"
    '        val sub = fixtures.subscription("Pacific/Auckland", renewsAt = "2026-11-30T11:00:00Z")\n'
    "        job.run()\n"
    "        val invoice = invoices.findBySubscriptionId(sub.id).single()\n"
    "        assertThat(invoice.issuedAt.toInstant()).isEqualTo(RUN_AT)\n"
    "        assertThat(InvoiceMapper.toView(invoice).issuedOn).isEqualTo(LocalDate.of(2026, 12, 1))\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `a renewal missed in November is caught up as November`() {\n"
    '        val sub = fixtures.subscription("Europe/London", renewsAt = "2026-11-01T00:00:00Z")\n'
    "        job.run()\n"
    "        val invoice = invoices.findBySubscriptionId(sub.id).single()\n"
    "        assertThat(invoice.periodStart).isEqualTo(LocalDate.of(2026, 11, 1))\n"
    "    }\n"
    "}\n"
)
_CALC_TEST_OLD = (
    "    @Test\n"
    "    fun `currentPeriod is the calendar month`() {\n"
    "        val period = BillingPeriodCalculator().currentPeriod()\n"
    "        assertThat(period.start.dayOfMonth).isEqualTo(1)\n"
    "        assertThat(period.end).isEqualTo(period.start.plusMonths(1).minusDays(1))\n"
    "    }\n"
)
_CALC_TEST_NEW = (
    "    private val calculator = BillingPeriodCalculator()\n\n"
    "    private fun period(renewalAt: String, zone: String) =\n"
    "        calculator.periodFor(Instant.parse(renewalAt), ZoneId.of(zone))\n\n"
    "    @Test\n"
    "    fun `an Auckland renewal at local midnight is December`() {\n"
    '        assertThat(period("2026-11-30T11:00:00Z", "Pacific/Auckland").start)\n'
    "            .isEqualTo(LocalDate.of(2026, 12, 1))\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `a Sydney renewal at local midnight is December`() {\n"
    '        assertThat(period("2026-11-30T13:00:00Z", "Australia/Sydney").start)\n'
    "            .isEqualTo(LocalDate.of(2026, 12, 1))\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `a London renewal at midnight UTC is December`() {\n"
    '        assertThat(period("2026-12-01T00:00:00Z", "Europe/London").start)\n'
    "            .isEqualTo(LocalDate.of(2026, 12, 1))\n"
    "    }\n\n"
    "    @Test\n"
    "    fun `the period ends on the month's last day`() {\n"
    '        assertThat(period("2028-01-31T11:00:00Z", "Pacific/Auckland").end)\n'
    "            .isEqualTo(LocalDate.of(2028, 2, 29))\n"
    "    }\n"
)
_TEST_CMD = "./gradlew test"
_CONTEXT_FAIL = (
    "nz.co.harbourline.billing.invoice.MonthlyBillingJobIT\n\n"
    "  Test an Auckland renewal at local midnight bills December() FAILED\n\n"
    "  java.lang.IllegalStateException: Failed to load ApplicationContext for "
    "[MergedContextConfiguration@3f9d2c71 testClass = "
    "nz.co.harbourline.billing.invoice.MonthlyBillingJobIT, ...]\n"
    "      at app//org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate"
    ".loadContext(DefaultCacheAwareContextLoaderDelegate.java:180)\n"
    "      [...]\n"
    "  Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean "
    "with name 'entityManagerFactory' defined in class path resource "
    "[org/springframework/boot/autoconfigure/orm/jpa/HibernateJpaConfiguration.class]: "
    "[PersistenceUnit: default] Unable to build Hibernate SessionFactory; nested exception is "
    "org.hibernate.tool.schema.spi.SchemaManagementException: Schema-validation: wrong column "
    "type encountered in column [issued_at] in table [invoice]; found [timestamp "
    "(Types#TIMESTAMP)], but expecting [timestamp(6) with time zone (Types#TIMESTAMP_UTC)]\n"
    "      at app//org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory"
    ".initializeBean(AbstractAutowireCapableBeanFactory.java:1786)\n"
    "      [...]\n\n"
    "  Test a Sydney renewal is not due before its local midnight() FAILED\n"
    "  java.lang.IllegalStateException: ApplicationContext failure threshold (1) exceeded: "
    "skipping repeated attempt to load context for [MergedContextConfiguration@3f9d2c71 ...]\n"
    "[... the same for the 2 other MonthlyBillingJobIT tests and for InvoiceRepositoryIT, "
    "InvoiceApiIT, SubscriptionApiIT, RenewalScheduleIT, DunningJobIT, XeroExportIT: the same "
    "SchemaManagementException on invoice.issued_at ...]\n\n"
    "FAILURE: Executed 219 tests in {secs} (41 failed)\n\n"
    "FAILURE: Build failed with an exception.\n\n"
    "* What went wrong:\n"
    "Execution failed for task ':test'.\n"
    "> There were failing tests. See the report at: "
    f"file://{_HOME}/build/reports/tests/test/index.html\n\n"
    "BUILD FAILED in {total}\n"
)
_CLEAN = (
    "./gradlew --stop && rm -rf build ~/.gradle/caches/build-cache-1 && ./gradlew clean test "
    "--rerun-tasks --no-build-cache"
)
_FLYWAY = (
    "grep -h -E 'o\\.f\\.c\\.i\\.(command|database|schemahistory)' build/test-results/test/"
    "TEST-nz.co.harbourline.billing.invoice.MonthlyBillingJobIT.xml | cut -c84- && "
    f"ls build/resources/main/db/migration | tail -3 && ls {_MIGS} | tail -3"
)
_RENAME = f"git mv {_MIG_BAD} {_MIG} && git status --short"
_YML_OLD = "  flyway:\n    locations: classpath:db/migration\n"
_YML_NEW = (
    "  flyway:\n"
    "    locations: classpath:db/migration\n"
    "    # fail on a file Flyway would otherwise skip without a word (V47 with one underscore,\n"
    "    # BILL-412)\n"
    "    validate-migration-naming: true\n"
)
_PASS_RUN = (
    "./gradlew test && grep -h -E 'Migrating schema|Successfully applied' build/test-results/test/"
    "TEST-nz.co.harbourline.billing.invoice.MonthlyBillingJobIT.xml | cut -c84-"
)
_PR = (
    "git checkout -b bill-412-period-in-customer-zone && git add -A && git commit -m 'Bill the "
    "month the renewal falls in, in the customer's zone; timestamptz for issued_at and "
    "next_renewal_at (BILL-412)' && git push -u origin HEAD && gh pr create --fill"
)
_POINT1 = f'grep -n "AT TIME ZONE" {_MIG}'

s = Script(
    "You are a coding assistant working in the harbourline-billing repository (Kotlin 1.9, "
    "Spring Boot 3.2 with Spring Data JPA and Hibernate 6.4 on PostgreSQL 15, Flyway migrations, "
    "ShedLock for the scheduled jobs, a Gradle Kotlin DSL build, JUnit 5 with Testcontainers "
    "for the integration tests). The service runs as 3 replicas in the pods' UTC zone. You can "
    "read, write and edit files, apply patches and run shell commands through the tools you are "
    "given."
)
s.user(
    "BILL-412: the December invoices for our customers in Auckland and Sydney are dated 30 "
    "November and say 'Period: 1-30 November 2026'. Support has 27 tickets so far, people think "
    "they've been billed twice for November, and finance says Xero rejected the batch. Everyone "
    "else's invoices look right. Find out why and fix it. The billing code is under "
    "nz.co.harbourline.billing.invoice; there's a read replica in $BILLING_REPLICA_URL."
)
s.call(
    "run_command",
    f"$ cat {_CALC} {_JOB}\n{_CALC_SRC}{_JOB_SRC}",
    command=f"cat {_CALC} {_JOB}",
)
s.call(
    "run_command",
    f"$ {_REPLICA}\n{_REPLICA_OUT}",
    "The period is YearMonth.from(LocalDate.now()), the date of the pod running the job, and "
    "issuedAt is LocalDateTime.now(). Checking what the 1 December run wrote, by zone, and the "
    "column types.",
    command=_REPLICA,
)
s.call(
    "run_command",
    f"$ {_LOG377}\n{_LOG377_OUT}",
    "That is it: 214 invoices, 131 in Pacific/Auckland issued at 2026-11-30 11:05 and 83 in "
    "Australia/Sydney at 13:05, all with period_start 2026-11-01. The other regions renewed at "
    "00:05 on 1 December UTC and are right. issued_at and next_renewal_at are timestamp without "
    "time zone. Checking when the APAC renewals moved.",
    command=_LOG377,
)
s.call(
    "write_file",
    f"Wrote {_ZONES} ({len(_ZONES_SRC.splitlines())} lines)",
    "BILL-377, released in 1.9.0 on 12 November, moved APAC renewals to 00:00 on the 1st in the "
    "customer's zone: for Auckland (NZDT, +13) that is 11:00 UTC on 30 November. The hourly job "
    "picks the renewal up at 11:05 UTC, and LocalDate.now() in the pods' UTC zone is still 30 "
    "November, so the period is November and the invoice is issued at a zone-less 2026-11-30 "
    "11:05. Before 1.9.0 every renewal was at 00:00 UTC, on the 1st everywhere that matters. "
    "Plan: run the job for each customer zone at that zone's own midnight, so its date is the "
    "customer's: a ZoneBillingScheduler that registers a CronTrigger per distinct "
    "customer.zoneId at 00:05 on the 1st, calling a runForZone(zone) on MonthlyBillingJob.",
    path=_ZONES,
    content=_ZONES_SRC,
)
s.call(
    "edit_file",
    f"Edited {_JOB}: 2 hunks, +12 -6",
    path=_JOB,
    edits=[
        {
            "old_string": "import java.time.LocalDateTime\n",
            "new_string": "import java.time.LocalDate\nimport java.time.LocalDateTime\n"
            "import java.time.YearMonth\nimport java.time.ZoneId\n",
        },
        {"old_string": _JOB_RUN_HEAD, "new_string": _JOB_ZONE_HEAD},
    ],
)
s.call(
    "run_command",
    f"$ {_ZONES_RUN}\n"
    "> Task :compileKotlin\n"
    "> Task :test\n"
    "[... 38 test classes ...]\n\n"
    "SUCCESS: Executed 212 tests in 58.4s\n\n"
    "BUILD SUCCESSFUL in 1m 6s\n"
    "9 actionable tasks: 4 executed, 5 up-to-date\n"
    "2026-12-03T09:41:27.113Z  INFO 61244 --- [           main] n.c.h.b.s.ZoneBillingScheduler"
    "           : monthly billing: 38 zone triggers registered\n"
    "2026-12-03T09:41:27.402Z  INFO 61244 --- [           main] n.c.h.billing.BillingApplication"
    "         : Started BillingApplication in 9.87 seconds (process running for 10.4)\n",
    command=_ZONES_RUN,
)
s.say(
    "ZoneBillingScheduler registers 38 triggers on start, one per customer zone. Auckland's "
    "next one fires at 2026-12-31T11:05Z, 00:05 on 1 January NZDT, when LocalDate.now(zone) is "
    "1 January, so the period is January; Sydney's at 13:05Z. All 212 tests pass. Shall I add a "
    "test for the triggers and open the PR?"
)
s.user(
    "No, not a scheduler per zone. We run 3 replicas and ShedLock locks by name, so 38 "
    "triggers on every pod means 38 locks or every pod bills every zone; a customer in a zone "
    "nobody had yesterday has no trigger until the pods restart; and a trigger missed during a "
    "deploy is simply gone, where the hourly job catches up an hour later. The timing of the "
    "job isn't the bug, the period is: a run at any hour has to bill the month the renewal "
    "falls in for that customer. So keep the hourly job, and compute the period from the "
    "renewal itself in BillingPeriodCalculator: the subscription's renewal instant as a "
    "ZonedDateTime in the customer's zone. Those two columns shouldn't be timestamp without "
    "time zone either, make them timestamptz with a Flyway migration, V47. And no more now() "
    "in billing: inject a Clock bean so the tests can pin the time of the run. Delete the "
    "scheduler file and check the job out again before you start."
)
s.call(
    "run_command",
    f"$ kill $(cat /tmp/boot.pid); rm {_ZONES} && git checkout -- {_JOB} && git status --short\n",
    command=f"kill $(cat /tmp/boot.pid); rm {_ZONES} && git checkout -- {_JOB} && git status "
    "--short",
)
s.call(
    "write_file",
    f"Wrote {_CLOCK} ({len(_CLOCK_SRC.splitlines())} lines)",
    "ZoneBillingScheduler.kt is deleted and MonthlyBillingJob.kt is back as it was; the tree is "
    "clean. First the Clock bean, systemUTC() in the application; the tests will replace it "
    "with a fixed one.",
    path=_CLOCK,
    content=_CLOCK_SRC,
)
s.call(
    "write_file",
    f"Wrote {_CALC} ({len(_CALC_NEW.splitlines())} lines)",
    "BillingPeriodCalculator: currentPeriod() is replaced by periodFor(renewalAt, zone), the "
    "month of renewalAt.atZone(zone). Nothing else calls currentPeriod() (git grep finds only "
    "the job and its test).",
    path=_CALC,
    content=_CALC_NEW,
)
s.call(
    "write_file",
    f"Wrote {_JOB} ({len(_JOB_NEW.splitlines())} lines)",
    "MonthlyBillingJob stays hourly under the same ShedLock, reads the time from the Clock, "
    "and computes each subscription's period from its own nextRenewalAt and customer.zoneId "
    "inside the loop, so a catch-up run bills the month the renewal falls in.",
    path=_JOB,
    content=_JOB_NEW,
)
s.call(
    "apply_patch",
    f"Patched {_INVOICE}, {_SUB}, {_SUBREPO}, {_RENEWAL}, {_MAPPER}: 5 files, +9 -7",
    "The entities follow the columns: Invoice.issuedAt becomes an OffsetDateTime and "
    "Subscription.nextRenewalAt an Instant, with findDueForRenewal and RenewalSchedule.after "
    "taking and giving Instants; InvoiceMapper shows issuedOn in the customer's zone, so the "
    "PDF and the portal say 1 December for a run at 11:05 UTC on 30 November.",
    patch=_PATCH,
)
s.call(
    "write_file",
    f"Wrote {_MIG_BAD} ({len(_MIG_SRC.splitlines())} lines)",
    "The migration. The existing values are UTC wall clock (hibernate.jdbc.time_zone: UTC), so "
    "they are converted AT TIME ZONE 'UTC' and keep their instants.",
    path=_MIG_BAD,
    content=_MIG_SRC,
)
s.call(
    "write_file",
    f"Wrote {_IT} ({len(_IT_SRC.splitlines())} lines)",
    "An integration test of the run that went wrong, on a Testcontainers Postgres with the "
    "Clock pinned at 2026-11-30T11:05:00Z: the Auckland renewal bills December, the Sydney one "
    "is not due yet, issued_at keeps the instant and shows 1 December, and a renewal missed in "
    "November is caught up as November. The pinned bean is pinnedClock with @Primary, since "
    "Spring Boot refuses to override a bean of the same name.",
    path=_IT,
    content=_IT_SRC,
)
s.call(
    "edit_file",
    f"Edited {_CALC_TEST}: 2 hunks, +27 -6",
    path=_CALC_TEST,
    edits=[
        {
            "old_string": "import java.time.LocalDate\n",
            "new_string": "import java.time.Instant\nimport java.time.LocalDate\n"
            "import java.time.ZoneId\n",
        },
        {"old_string": _CALC_TEST_OLD, "new_string": _CALC_TEST_NEW},
    ],
)
s.call(
    "run_command",
    f"$ {_TEST_CMD}\n"
    "> Task :compileKotlin\n"
    "> Task :processResources\n"
    "> Task :compileTestKotlin\n"
    "> Task :test\n\n"
    "nz.co.harbourline.billing.invoice.BillingPeriodCalculatorTest\n\n"
    "  \u2714 an Auckland renewal at local midnight is December()\n"
    "  \u2714 a Sydney renewal at local midnight is December()\n"
    "  \u2714 a London renewal at midnight UTC is December()\n"
    "  \u2714 the period ends on the month's last day()\n\n"
    + _CONTEXT_FAIL.format(secs="1m 9s", total="1m 24s"),
    command=_TEST_CMD,
)
s.call(
    "run_command",
    f"$ {_CLEAN}\n"
    "Stopping Daemon(s)\n1 Daemon stopped\n"
    "Starting a Gradle Daemon, 1 stopped Daemon could not be reused, use --status for details\n"
    "> Task :clean UP-TO-DATE\n"
    "> Task :compileKotlin\n"
    "> Task :processResources\n"
    "> Task :compileTestKotlin\n"
    "> Task :test\n"
    "[... BillingPeriodCalculatorTest: 4 passed ...]\n\n"
    + _CONTEXT_FAIL.format(secs="1m 14s", total="2m 3s"),
    "The unit tests pass, but 41 Spring tests fail to load the context: Hibernate's schema "
    "validation (ddl-auto: validate) finds invoice.issued_at still a plain timestamp, as if V47 "
    "never ran. The migration is a new file, and gradle.properties has org.gradle.caching=true, "
    "so this looks like a stale build: processResources served from the build cache without "
    "V47. Stopping the daemon, deleting build and the Gradle build cache, and running clean "
    "test with --rerun-tasks and --no-build-cache.",
    command=_CLEAN,
)
s.call(
    "run_command",
    f"$ {_FLYWAY}\n"
    "o.f.c.i.database.base.BaseDatabaseType    : Database: jdbc:postgresql://localhost:32791/"
    "test (PostgreSQL 15.8)\n"
    "o.f.c.i.command.DbValidate                : Successfully validated 46 migrations "
    "(execution time 00:00.052s)\n"
    'o.f.c.i.schemahistory.JdbcTableSchemaHistory : Creating Schema History table "public".'
    '"flyway_schema_history" ...\n'
    'o.f.c.i.command.DbMigrate                 : Current version of schema "public": << Empty '
    "Schema >>\n"
    'o.f.c.i.command.DbMigrate                 : Migrating schema "public" to version "1 - '
    'init"\n'
    "[... versions 2 to 45 ...]\n"
    'o.f.c.i.command.DbMigrate                 : Migrating schema "public" to version "46 - '
    'subscription pause"\n'
    "o.f.c.i.command.DbMigrate                 : Successfully applied 46 migrations to schema "
    '"public", now at version v46 (execution time 00:02.318s)\n'
    "V45__xero_export_batch.sql\n"
    "V46__subscription_pause.sql\n"
    "V47_invoice_timestamptz.sql\n"
    "V45__xero_export_batch.sql\n"
    "V46__subscription_pause.sql\n"
    "V47_invoice_timestamptz.sql\n",
    "The same 41 failures with nothing cached, so not a stale build. Checking what Flyway did "
    "in the test's Postgres, and whether the migration reaches the classpath.",
    command=_FLYWAY,
)
s.call(
    "run_command",
    f"$ {_RENAME}\nR  {_MIG_BAD} -> {_MIG}\n",
    "Flyway validated and applied 46 migrations and stopped at v46, although "
    "V47_invoice_timestamptz.sql is in build/resources/main/db/migration. The name has one "
    "underscore after the version where Flyway wants two (V46__subscription_pause.sql): it does "
    "not parse as a versioned migration, and with validateMigrationNaming false by default "
    "Flyway skips such a file without a word. So the container's schema never got V47. "
    "Renaming it with two underscores.",
    command=_RENAME,
)
s.call(
    "edit_file",
    f"Edited {_YML}: 1 hunk, +3 -0",
    "And so that a misnamed migration fails the build instead of being skipped: "
    "spring.flyway.validate-migration-naming: true.",
    path=_YML,
    old=_YML_OLD,
    new=_YML_NEW,
)
s.call(
    "run_command",
    f"$ {_PASS_RUN}\n"
    "> Task :processResources\n"
    "> Task :test\n\n"
    "nz.co.harbourline.billing.invoice.MonthlyBillingJobIT\n\n"
    "  \u2714 an Auckland renewal at local midnight bills December()\n"
    "  \u2714 a Sydney renewal is not due before its local midnight()\n"
    "  \u2714 issued_at keeps the instant and shows the customer's date()\n"
    "  \u2714 a renewal missed in November is caught up as November()\n"
    "[... InvoiceRepositoryIT, InvoiceApiIT, SubscriptionApiIT, RenewalScheduleIT, DunningJobIT, "
    "XeroExportIT ...]\n\n"
    "SUCCESS: Executed 219 tests in 1m 21s\n\n"
    "BUILD SUCCESSFUL in 1m 38s\n"
    "9 actionable tasks: 5 executed, 4 up-to-date\n"
    'o.f.c.i.command.DbMigrate                 : Migrating schema "public" to version "47 - '
    'invoice timestamptz"\n'
    "o.f.c.i.command.DbMigrate                 : Successfully applied 47 migrations to schema "
    '"public", now at version v47 (execution time 00:02.406s)\n',
    command=_PASS_RUN,
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'bill-412-period-in-customer-zone'\n"
    "[bill-412-period-in-customer-zone 7d2e9a4] Bill the month the renewal falls in, in the "
    "customer's zone; timestamptz for issued_at and next_renewal_at (BILL-412)\n"
    " 12 files changed, 148 insertions(+), 21 deletions(-)\n"
    f" create mode 100644 {_CLOCK}\n"
    f" create mode 100644 {_MIG}\n"
    f" create mode 100644 {_IT}\n"
    "branch 'bill-412-period-in-customer-zone' set up to track "
    "'origin/bill-412-period-in-customer-zone'.\n"
    "https://github.com/harbourline/billing-service/pull/531\n",
    "All 219 tests pass and Flyway applies 47 migrations, V47 among them; the four "
    "MonthlyBillingJobIT tests show the 11:05 UTC run on 30 November billing the Auckland "
    "renewal for December. Committing, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Mereana reviewed #531:\n"
    "1. V47 rewrites the existing rows. Unless the USING clause says AT TIME ZONE 'UTC', "
    "Postgres reads the old values in the session's TimeZone, and the prod cluster's parameter "
    "group has Pacific/Auckland, so every historical issued_at would move by 13 hours.\n"
    "2. Why not set TZ=Pacific/Auckland in the Helm chart (-Duser.timezone) and leave the code "
    "alone? One line instead of twelve files.\n"
    "3. The 214 invoices already sent still say November; those customers need credit notes and "
    "reissued December invoices.\n"
    "4. The tests only cover one December. Nothing crosses a DST change (NZDT started on 27 "
    "September, so Auckland's 1 October renewal is an hour earlier in UTC than its 1 September "
    "one), and nothing is west of UTC.\n\n"
    "My answers:\n"
    "1: I'm fairly sure V47 does that already, check and tell her.\n"
    "2: reply: the month has to come from the renewal instant in the customer's own zone, not "
    "from the zone of whatever runs the job. With TZ=Pacific/Auckland the code would still "
    "read now(), a catch-up run after an outage across the 1st would still bill the wrong "
    "month, and the columns would hold wall-clock times of whatever zone the pod had.\n"
    "3: that's BILL-418: finance issues the credit notes and the reissues with their own script "
    "once this is deployed. Not this PR.\n"
    "4: yes, in this PR."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    "2:-- times (hibernate.jdbc.time_zone: UTC), so convert them AT TIME ZONE 'UTC', never in "
    "the\n"
    "5:    ALTER COLUMN issued_at TYPE timestamptz USING issued_at AT TIME ZONE 'UTC';\n"
    "8:    ALTER COLUMN next_renewal_at TYPE timestamptz USING next_renewal_at AT TIME ZONE "
    "'UTC';\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 531 --body-file /tmp/pr531.md\n"
    "https://github.com/harbourline/billing-service/pull/531#issuecomment-2547190\n",
    "Point 1 is in already: both ALTER COLUMNs in V47 convert USING ... AT TIME ZONE 'UTC', "
    "whatever the session's TimeZone. Posting the replies to points 1 to 3.",
    command="gh pr comment 531 --body-file /tmp/pr531.md",
    body="1. Already in: V47 converts both columns USING ... AT TIME ZONE 'UTC' (lines 5 and "
    "8), so the session's TimeZone plays no part. 2. The month has to come from the renewal "
    "instant in the customer's own zone, not the zone of whatever runs the job: with "
    "TZ=Pacific/Auckland the code still reads now(), a catch-up run after an outage across the "
    "1st still bills the wrong month, and the columns hold the pod's wall clock. 3. The credit "
    "notes and reissues are BILL-418, finance's script after the deploy.",
)
s.say(
    "Replied on #531: Mereana's first point needed no change, and the second and third are "
    "answered. Next I'll do her point 4, the one left in this PR: turn the cases in "
    "BillingPeriodCalculatorTest into a @ParameterizedTest with a @CsvSource and add Pacific/"
    "Auckland's 1 September renewal (2026-08-31T12:00:00Z, NZST) and its 1 October renewal "
    "(2026-09-30T11:00:00Z, after NZDT started on 27 September) and America/Chicago's "
    "2026-12-01T06:00:00Z, each expected to bill its own month; then run ./gradlew test and "
    "push to #531."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "BILL-412: the December invoices of the customers in Auckland and Sydney are dated "
             "30 November with the period 1-30 November 2026 (customers think they were billed "
             "twice, Xero rejected the batch), because since BILL-377 (1.9.0) their renewals "
             "are at local midnight, 11:00 or 13:00 UTC on 30 November, and the hourly "
             "MonthlyBillingJob takes the period from LocalDate.now() in the pods' UTC zone; "
             "find why and fix it.",
             must=(("bill-412", "december invoices", "dated 30 november", "previous month"),
                   ("auckland", "sydney", "apac", "localdate.now()", "utc")),
             partial_means="The misdated invoices without whose or why, or the ticket alone.",
             wrong="A wrong amount on the invoices; duplicate billing runs; a Xero outage."),
    Question("latest_request", "What did the user last ask?",
             "Mereana's review of PR #531 with the user's answers: point 1 (V47 converting AT "
             "TIME ZONE 'UTC') should already be in, check and tell her; point 2, reply why not "
             "TZ=Pacific/Auckland (the month comes from the renewal instant in the customer's "
             "zone; a catch-up run across the 1st; the columns' wall clock); point 3, the "
             "credit notes and reissues are BILL-418, finance's script, not this PR; point 4, "
             "the tests across a DST change and west of UTC, in this PR.",
             must=(("dst", "west of utc", "nzdt", "point 4"),
                   ("mereana", "bill-418", "tz=pacific/auckland", "at time zone", "credit notes")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "mereana", "answers"),
             partial_means="One of the points to act on, without the DST and west-of-UTC tests "
                           "or without the others.",
             wrong="Issuing the credit notes now; setting TZ in the Helm chart.",
             stale_means="The no-scheduler correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Mereana's point 4, the one left in this PR: turn BillingPeriodCalculatorTest's "
             "cases into a @ParameterizedTest with a @CsvSource and add Auckland's 1 September "
             "renewal (2026-08-31T12:00:00Z, NZST), its 1 October renewal "
             "(2026-09-30T11:00:00Z, after NZDT started on 27 September) and America/Chicago's "
             "2026-12-01T06:00:00Z, each billing its own month; then ./gradlew test and push "
             "to #531.",
             must=(("@parameterizedtest", "parameterized", "parameterised", "csvsource"),
                   ("nzdt", "dst", "2026-09-30", "1 october", "america/chicago", "west of utc"),
                   ("billingperiodcalculatortest", "push", "#531", "./gradlew test")),
             stale=("zonebillingscheduler", "crontrigger", "credit notes", "reissue",
                    "tz=pacific/auckland", "-duser.timezone", "validate-migration-naming"),
             partial_means="Says to add the DST tests without where or what then (the "
                           "parameterised BillingPeriodCalculatorTest, the run, the push), or "
                           "to push without them.",
             wrong="Moving the job to midnight UTC; converting invoice.period_start to "
                   "timestamptz.",
             stale_means="Says to issue the credit notes and reissue the 214 invoices (put "
                         "off by the user to BILL-418), to set TZ=Pacific/Auckland in the "
                         "Helm chart (answered), to check V47's AT TIME ZONE 'UTC' (already "
                         "in), or to bring back ZoneBillingScheduler's per-zone triggers "
                         "(ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "invoice/BillingPeriodCalculator.kt (periodFor(renewalAt, zone): the month of the "
             "renewal as a ZonedDateTime in the customer's zone, instead of currentPeriod()); "
             "invoice/MonthlyBillingJob.kt (still hourly; reads the injected Clock, a period "
             "per subscription from its nextRenewalAt and customer.zoneId); "
             "config/ClockConfig.kt (new: the Clock bean, systemUTC); Invoice.kt, "
             "Subscription.kt, SubscriptionRepository.kt, RenewalSchedule.kt (OffsetDateTime "
             "and Instant for the columns) and InvoiceMapper.kt (issuedOn in the customer's "
             "zone); db/migration/V47__invoice_timestamptz.sql (new: issued_at and "
             "next_renewal_at to timestamptz AT TIME ZONE 'UTC'; written first with one "
             "underscore, then renamed); application.yml (spring.flyway.validate-migration-"
             "naming: true); tests: MonthlyBillingJobIT.kt (new, Testcontainers, the clock "
             "pinned at 2026-11-30T11:05Z) and BillingPeriodCalculatorTest.kt. "
             "scheduling/ZoneBillingScheduler.kt was created and deleted, and MonthlyBillingJob.kt "
             "checked out before the real change.",
             must=(("billingperiodcalculator.kt",), ("monthlybillingjob.kt",),
                   ("clockconfig.kt",), ("v47",),
                   ("monthlybillingjobit.kt", "billingperiodcalculatortest.kt")),
             stale=("zonebillingscheduler.kt", "runforzone"),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="DunningJob.kt, XeroExportService or the Helm chart given as changed.",
             stale_means="ZoneBillingScheduler.kt (the per-zone triggers) or a runForZone on "
                         "MonthlyBillingJob listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The period comes from the renewal, not from when the job runs: "
             "BillingPeriodCalculator.periodFor takes the subscription's renewal instant as a "
             "ZonedDateTime in the customer's zone and bills that month; the job stays hourly "
             "under its one ShedLock; invoice.issued_at and subscription.next_renewal_at become "
             "timestamptz by Flyway V47; the time comes from an injected Clock bean, pinned in "
             "the tests. It rules out a scheduler per zone (ZoneBillingScheduler, a "
             "CronTrigger per customer zone at 00:05 on the 1st: 38 locks on 3 replicas, new "
             "zones untriggered until a restart, missed triggers gone) and LocalDate.now() in "
             "billing, and TZ=Pacific/Auckland in the Helm chart.",
             must=(("zoneddatetime", "renewal instant", "periodfor", "customer s zone",
                    "month the renewal falls in"),
                   ("zonebillingscheduler", "scheduler per zone", "per-zone", "crontrigger",
                    "tz=pacific/auckland")),
             stale=("zonebillingscheduler", "crontrigger", "localdate.now(zone)", "runforzone"),
             partial_means="The period from the renewal in the customer's zone without what it "
                           "rules out, or the reverse.",
             wrong="Running the job at midnight UTC; storing the customer's zone on the "
                   "invoice.",
             stale_means="ZoneBillingScheduler (a CronTrigger per zone running runForZone with "
                         "LocalDate.now(zone)) given as the design."),
    Question("review", "What did the review find?",
             "Mereana on #531: 1. V47 must convert the rows AT TIME ZONE 'UTC', or the prod "
             "cluster's Pacific/Auckland TimeZone moves every issued_at by 13 hours (already "
             "in: lines 5 and 8 of V47); 2. why not TZ=Pacific/Auckland (-Duser.timezone) in "
             "the Helm chart (answered on the PR: the month comes from the renewal instant in "
             "the customer's zone; a catch-up run across the 1st; the pod's wall clock); 3. the "
             "214 invoices already sent need credit notes and reissues (BILL-418, finance's "
             "script after the deploy); 4. no test across a DST change (NZDT from 27 "
             "September) or west of UTC (still to do in this PR).",
             must=(("at time zone", "session s timezone", "13 hours"),
                   ("tz=pacific/auckland", "-duser.timezone", "helm"),
                   ("credit notes", "reissue", "bill-418"),
                   ("dst", "nzdt", "west of utc")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "mereana", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The SchemaManagementException given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "Not a scheduler per zone: 3 replicas and ShedLock locking by name (38 locks, or "
             "every pod bills every zone), a new zone has no trigger until a restart, a trigger "
             "missed in a deploy is gone while the hourly job catches up. The job's timing is "
             "not the bug, the period is: keep the hourly job and compute the period in "
             "BillingPeriodCalculator from the renewal instant as a ZonedDateTime in the "
             "customer's zone; make the two columns timestamptz with Flyway V47; inject a Clock "
             "instead of now(); delete the scheduler file and check the job out first.",
             must=(("scheduler per zone", "not a scheduler", "per-zone", "38 triggers",
                    "38 locks", "zonebillingscheduler"),
                   ("zoneddatetime", "renewal instant", "renewal itself", "billingperiodcalculator",
                    "month the renewal falls in")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "stop", "wants", "ruled out"),
             partial_means="No scheduler per zone without what to do instead, or the reverse.",
             wrong="The SchemaManagementException given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The misdated invoices: the period from LocalDate.now() in UTC; fixed by "
             "periodFor in the customer's zone. Then 41 of 219 tests failed to load the "
             "ApplicationContext: SchemaManagementException, Schema-validation: wrong column "
             "type in column [issued_at] in table [invoice], found timestamp, expecting "
             "timestamp(6) with time zone; ./gradlew --stop, rm -rf build and the Gradle build "
             "cache, clean test --rerun-tasks --no-build-cache did not fix it (not a stale "
             "build); Flyway applied 46 migrations because V47_invoice_timestamptz.sql had one "
             "underscore after the version instead of two and validateMigrationNaming is false "
             "by default, so the file was skipped silently; fixed by renaming it with two "
             "underscores (git mv), and spring.flyway.validate-migration-naming: true so a "
             "misnamed file fails.",
             must=(("schemamanagementexception", "schema-validation", "issued at",
                    "failed to load applicationcontext"),
                   ("one underscore", "two underscores", "validate-migration-naming",
                    "validatemigrationnaming", "git mv", "renaming", "renamed")),
             stale=("fixed by ./gradlew clean", "fixed by clean", "fixed by a clean build",
                    "fixed by rm -rf", "fixed by deleting", "fixed by clearing",
                    "fixed by --rerun-tasks", "fixed by a re-run", "fixed by re-running",
                    "stale build", "build cache"),
             partial_means="The schema-validation failure without its fix, or the fix "
                           "without the failure.",
             wrong="A BeanDefinitionOverrideException for the Clock; a Testcontainers "
                   "container that did not start.",
             stale_means="The schema-validation failure 'fixed' by ./gradlew clean, deleting "
                         "build and the Gradle caches, --rerun-tasks or a re-run, or put down "
                         "to a stale build or the build cache."),
    Question("key_values", "Which key values matter?",
             "214 invoices (131 Pacific/Auckland at 2026-11-30 11:05 UTC, 83 Australia/Sydney "
             "at 13:05), period_start 2026-11-01; 1.9.0 on 12 November (BILL-377); 38 customer "
             "zones, 3 replicas; 212 tests, then 41 of 219 failing, then 219 passing; 46 "
             "migrations applied, then 47; the clock pinned at 2026-11-30T11:05:00Z; PR #531; "
             "BILL-412, BILL-418.",
             must=(("131", "83", "11:05", "13:05", "219 tests", "41 failed", "46 migrations"),
                   ("#531", "bill-412", "bill-418", "bill-377")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "invoice/BillingPeriodCalculator.kt computes an invoice's period; "
             "invoice/MonthlyBillingJob.kt is the hourly billing job (cron 0 5 * * * *, "
             "ShedLock monthly-billing) that invoices due renewals; "
             "subscription/RenewalSchedule.kt computes the next renewal at the customer's "
             "local midnight (BILL-377); config/ClockConfig.kt the Clock bean; "
             "InvoiceMapper.kt the invoice view (issuedOn) for the PDF and portal; "
             "db/migration/V47__invoice_timestamptz.sql the timestamptz migration; "
             "application.yml holds the Flyway and Hibernate settings; MonthlyBillingJobIT the "
             "Testcontainers test of the 30 November run.",
             must=(("billingperiodcalculator", "monthlybillingjob"),
                   ("period", "hourly", "billing job", "renewal", "clock", "migration",
                    "invoices"),
                   ("renewalschedule", "clockconfig", "invoicemapper", "application.yml",
                    "v47__invoice_timestamptz.sql", "monthlybillingjobit")),
             partial_means="The files named without what they hold.",
             wrong="ZoneBillingScheduler.kt as the job's trigger."),
    Question("pending", "What work is still pending?",
             "Mereana's point 4: the parameterised BillingPeriodCalculatorTest across the NZ "
             "DST change and west of UTC (America/Chicago), ./gradlew test, the push to #531; "
             "the credit notes and reissues later in BILL-418 (finance), not this PR.",
             must=(("@parameterizedtest", "parameterized", "parameterised", "csvsource", "dst",
                    "nzdt", "west of utc", "point 4"),
                   ("push", "bill-418", "billingperiodcalculatortest", "./gradlew test")),
             partial_means="The DST tests without the rest, or the reverse.",
             wrong="The AT TIME ZONE conversion or the reply on TZ as pending.",
             stale_means="The credit notes and reissues as pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #531 (branch bill-412-period-in-customer-zone) is open and pushed with the "
             "period from the renewal in the customer's zone, the Clock, V47 (renamed, "
             "validate-migration-naming on) and the tests; all 219 tests pass and Flyway "
             "applies 47 migrations; Mereana is answered on points 1 to 3; the DST and "
             "west-of-UTC tests (point 4) are not written and nothing is pushed since.",
             must=(("#531",),
                   ("219 tests", "219 pass", "tests pass", "build successful"),
                   ("not written", "not pushed", "point 4", "parameterised", "parameterized",
                    "dst")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged or the credit notes are issued.",
             stale_means="Says billing runs per zone through ZoneBillingScheduler."),
)  # fmt: skip

PRODUCTION = None
