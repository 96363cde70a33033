"""Held out, twenty-first set: written 2026-12-04, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools, Java 17/Quarkus 3.8
(Hibernate ORM 6.4 with Panache, RESTEasy Reactive with Jackson, a two-module Maven build, JUnit
5 with @QuarkusTest and REST Assured): since 1.14.0 added pack-size variants to the sales reps'
product listing, GET /api/catalog/products is at p95 3.8 s (about 180 ms before; CAT-188),
because ProductResource hands Product entities to Jackson, so a page of 100 takes 125 statements
(the page and its count, a select of variants per product while they are serialised, one per
brand); a @CacheResult CatalogCache (quarkus-cache, 10-minute expiry) written and measured, then
ruled out by the user (the ERP import rewrites prices every 15 minutes, a cache per pod, the
first request still 3 s) for rows read with Panache's project() and the page's variants in one
query by product id; the cache file deleted and the pom, application.properties and the
resource checked out again; the tests then answer 500 with PanacheQueryException "must be
built with parameter names", which stopping quarkus:dev and ./mvnw clean test did not fix (not
stale classes) and combine.children="append" on catalog-service/pom.xml's own <compilerArgs>
(its -Xlint:unchecked, CAT-102, replaced the root pom's -parameters) did; a review with four
points: one done already (archived variants filtered), one answered on the PR (why not
@BatchSize), one a ticket (the ERP import's 500-row transactions, CAT-196), one still to do (a
test that counts a page's prepared statements); the assistant's last words only report the
reply, and name no step."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

_HOME = "/home/dev/brightbolt-catalog"
_J = "catalog-service/src/main/java/com/brightbolt/catalog"
_RES = f"{_J}/api/ProductResource.java"
_PRODUCT = f"{_J}/catalog/Product.java"
_VARIANT = f"{_J}/catalog/Variant.java"
_CACHE = f"{_J}/catalog/CatalogCache.java"
_LISTING = f"{_J}/listing/CatalogListing.java"
_PROW = f"{_J}/listing/ProductRow.java"
_VROW = f"{_J}/listing/VariantRow.java"
_ITEM = f"{_J}/listing/ProductListItem.java"
_TEST = "catalog-service/src/test/java/com/brightbolt/catalog/api/ProductResourceTest.java"
_POM = "catalog-service/pom.xml"
_PROPS = "catalog-service/src/main/resources/application.properties"
_URL = "http://localhost:8080/api/catalog/products?category=fasteners&page=0&size=100"

_RES_HEAD = (
    "package com.brightbolt.catalog.api;\n\n"
    "import com.brightbolt.catalog.catalog.Product;\n"
    "import io.quarkus.hibernate.orm.panache.PanacheQuery;\n"
    "import jakarta.validation.constraints.Max;\n"
    "import jakarta.validation.constraints.Min;\n"
    "import jakarta.validation.constraints.NotBlank;\n"
    "import jakarta.ws.rs.DefaultValue;\n"
    "import jakarta.ws.rs.GET;\n"
    "import jakarta.ws.rs.Path;\n"
    "import jakarta.ws.rs.Produces;\n"
    "import jakarta.ws.rs.QueryParam;\n"
    "import jakarta.ws.rs.core.MediaType;\n\n"
    '@Path("/api/catalog/products")\n'
    "@Produces(MediaType.APPLICATION_JSON)\n"
    "public class ProductResource {\n\n"
)
_RES_SIG = (
    "    @GET\n"
    "    public PageResponse<Product> list(\n"
    '            @QueryParam("category") @NotBlank String category,\n'
    '            @QueryParam("page") @DefaultValue("0") @Min(0) int page,\n'
    '            @QueryParam("size") @DefaultValue("100") @Min(1) @Max(100) int size) {\n'
)
_RES_BODY = (
    "        PanacheQuery<Product> query =\n"
    '                Product.find("category = ?1 order by name", category).page(page, size);\n'
    "        return new PageResponse<>(query.list(), query.count(), page, size);\n"
    "    }\n}\n"
)
_RES_SRC = _RES_HEAD + _RES_SIG + _RES_BODY

_PRODUCT_SRC = (
    "package com.brightbolt.catalog.catalog;\n\n"
    "import io.quarkus.hibernate.orm.panache.PanacheEntity;\n"
    "import jakarta.persistence.Entity;\n"
    "import jakarta.persistence.ManyToOne;\n"
    "import jakarta.persistence.OneToMany;\n"
    "import jakarta.persistence.OrderBy;\n"
    "import jakarta.persistence.Table;\n"
    "import java.util.List;\n"
    "import org.hibernate.annotations.SQLRestriction;\n\n"
    "@Entity\n"
    '@Table(name = "product")\n'
    "public class Product extends PanacheEntity {\n"
    "    public String sku;\n"
    "    public String name;\n"
    "    public String category;\n\n"
    "    @ManyToOne(optional = false)\n"
    "    public Brand brand;\n\n"
    "    // discontinued pack sizes stay in the table for the old orders (since 1.14.0)\n"
    '    @OneToMany(mappedBy = "product")\n'
    '    @SQLRestriction("archived = false")\n'
    '    @OrderBy("packSize")\n'
    "    public List<Variant> variants;\n"
    "}\n"
)
_VARIANT_SRC = (
    "package com.brightbolt.catalog.catalog;\n\n"
    "import com.fasterxml.jackson.annotation.JsonIgnore;\n"
    "import io.quarkus.hibernate.orm.panache.PanacheEntity;\n"
    "import jakarta.persistence.Entity;\n"
    "import jakarta.persistence.FetchType;\n"
    "import jakarta.persistence.ManyToOne;\n"
    "import jakarta.persistence.Table;\n"
    "import java.math.BigDecimal;\n\n"
    "@Entity\n"
    '@Table(name = "variant")\n'
    "public class Variant extends PanacheEntity {\n"
    "    @ManyToOne(fetch = FetchType.LAZY, optional = false)\n"
    "    @JsonIgnore\n"
    "    public Product product;\n\n"
    "    public String sku;\n"
    "    public int packSize;\n"
    "    public BigDecimal priceNet;\n"
    "    public String currency;\n"
    "    public int stockQty;\n\n"
    "    @JsonIgnore\n"
    "    public boolean archived;\n"
    "}\n"
)

_DEV = (
    "(./mvnw -q -pl catalog-service quarkus:dev -Dquarkus.hibernate-orm.log.sql=true "
    "> /tmp/dev.log 2>&1 & echo $! > /tmp/dev.pid) && sleep 40"
)
_COUNT = (
    "grep -c 'DEBUG \\[org.hib.SQL\\]' /tmp/dev.log && grep -A14 'DEBUG \\[org.hib.SQL\\]' "
    "/tmp/dev.log | grep -oE 'from (product|variant|brand)\\b' | sort | uniq -c"
)
_MEASURE = (
    f"{_DEV} && curl -s -o /tmp/page-before.json -w 'time_total %{{time_total}}s\\n' "
    f"'{_URL}' && {_COUNT}"
)

_CACHE_SRC = (
    "package com.brightbolt.catalog.catalog;\n\n"
    "import com.brightbolt.catalog.api.PageResponse;\n"
    "import io.quarkus.cache.CacheInvalidateAll;\n"
    "import io.quarkus.cache.CacheResult;\n"
    "import io.quarkus.hibernate.orm.panache.PanacheQuery;\n"
    "import jakarta.enterprise.context.ApplicationScoped;\n"
    "import jakarta.transaction.Transactional;\n"
    "import java.util.List;\n\n"
    "/** Listing pages cached by (category, page, size); the expiry is in application.properties. "
    "*/\n"
    "@ApplicationScoped\n"
    "public class CatalogCache {\n\n"
    '    @CacheResult(cacheName = "catalog-listing")\n'
    "    @Transactional\n"
    "    public PageResponse<Product> page(String category, int page, int size) {\n"
    "        PanacheQuery<Product> query =\n"
    '                Product.find("category = ?1 order by name", category).page(page, size);\n'
    "        List<Product> products = query.list();\n"
    "        products.forEach(p -> p.variants.size()); // load them while the session is open\n"
    "        return new PageResponse<>(products, query.count(), page, size);\n"
    "    }\n\n"
    '    @CacheInvalidateAll(cacheName = "catalog-listing")\n'
    "    public void invalidate() {}\n"
    "}\n"
)
_CACHE_PROP = 'quarkus.cache.caffeine."catalog-listing".expire-after-write=10M'
_CACHE_RUN = (
    "./mvnw -pl catalog-service quarkus:add-extension -Dextensions=cache && "
    f"echo '{_CACHE_PROP}' >> {_PROPS} && kill $(cat /tmp/dev.pid) && {_DEV} && "
    f"for i in 1 2 3; do curl -s -o /dev/null -w 'time_total %{{time_total}}s\\n' '{_URL}'; done"
)

_PROW_SRC = (
    "package com.brightbolt.catalog.listing;\n\n"
    "import io.quarkus.hibernate.orm.panache.common.ProjectedFieldName;\n"
    "import io.quarkus.runtime.annotations.RegisterForReflection;\n\n"
    "/** A product as the listing reads it: project() selects exactly these columns. */\n"
    "@RegisterForReflection\n"
    "public class ProductRow {\n"
    "    public final Long id;\n"
    "    public final String sku;\n"
    "    public final String name;\n"
    "    public final String category;\n"
    "    public final Long brandId;\n"
    "    public final String brandName;\n\n"
    "    public ProductRow(\n"
    "            Long id,\n"
    "            String sku,\n"
    "            String name,\n"
    "            String category,\n"
    '            @ProjectedFieldName("brand.id") Long brandId,\n'
    '            @ProjectedFieldName("brand.name") String brandName) {\n'
    "        this.id = id;\n"
    "        this.sku = sku;\n"
    "        this.name = name;\n"
    "        this.category = category;\n"
    "        this.brandId = brandId;\n"
    "        this.brandName = brandName;\n"
    "    }\n"
    "}\n"
)
_VROW_SRC = (
    "package com.brightbolt.catalog.listing;\n\n"
    "import com.fasterxml.jackson.annotation.JsonIgnore;\n"
    "import io.quarkus.hibernate.orm.panache.common.ProjectedFieldName;\n"
    "import io.quarkus.runtime.annotations.RegisterForReflection;\n"
    "import java.math.BigDecimal;\n\n"
    "/** A variant as the listing shows it; the JSON fields are the Variant entity's. */\n"
    "@RegisterForReflection\n"
    "public class VariantRow {\n"
    "    @JsonIgnore\n"
    "    public final Long productId;\n"
    "    public final Long id;\n"
    "    public final String sku;\n"
    "    public final int packSize;\n"
    "    public final BigDecimal priceNet;\n"
    "    public final String currency;\n"
    "    public final int stockQty;\n\n"
    "    public VariantRow(\n"
    '            @ProjectedFieldName("product.id") Long productId,\n'
    "            Long id,\n"
    "            String sku,\n"
    "            int packSize,\n"
    "            BigDecimal priceNet,\n"
    "            String currency,\n"
    "            int stockQty) {\n"
    "        this.productId = productId;\n"
    "        this.id = id;\n"
    "        this.sku = sku;\n"
    "        this.packSize = packSize;\n"
    "        this.priceNet = priceNet;\n"
    "        this.currency = currency;\n"
    "        this.stockQty = stockQty;\n"
    "    }\n"
    "}\n"
)
_ITEM_SRC = (
    "package com.brightbolt.catalog.listing;\n\n"
    "import java.util.List;\n\n"
    "/** One product of the listing, with the JSON fields the Product entity had. */\n"
    "public record ProductListItem(\n"
    "        Long id, String sku, String name, String category, BrandRef brand, "
    "List<VariantRow> variants) {\n\n"
    "    public record BrandRef(Long id, String name) {}\n\n"
    "    static ProductListItem of(ProductRow row, List<VariantRow> variants) {\n"
    "        return new ProductListItem(row.id, row.sku, row.name, row.category,\n"
    "                new BrandRef(row.brandId, row.brandName), variants);\n"
    "    }\n"
    "}\n"
)
_LISTING_SRC = (
    "package com.brightbolt.catalog.listing;\n\n"
    "import com.brightbolt.catalog.api.PageResponse;\n"
    "import com.brightbolt.catalog.catalog.Product;\n"
    "import com.brightbolt.catalog.catalog.Variant;\n"
    "import io.quarkus.hibernate.orm.panache.PanacheQuery;\n"
    "import jakarta.enterprise.context.ApplicationScoped;\n"
    "import java.util.List;\n"
    "import java.util.Map;\n"
    "import java.util.stream.Collectors;\n\n"
    "/**\n"
    " * The product listing, read as rows, not entities: the page and its count, then the\n"
    " * variants of all the page's products in one query. Three statements whatever the size.\n"
    " */\n"
    "@ApplicationScoped\n"
    "public class CatalogListing {\n\n"
    "    public PageResponse<ProductListItem> page(String category, int page, int size) {\n"
    '        PanacheQuery<ProductRow> query = Product.find("category = ?1 order by name", '
    "category)\n"
    "                .page(page, size)\n"
    "                .project(ProductRow.class);\n"
    "        List<ProductRow> rows = query.list();\n"
    "        Map<Long, List<VariantRow>> variants = variantsOf(rows.stream().map(r -> r.id)"
    ".toList());\n"
    "        List<ProductListItem> items = rows.stream()\n"
    "                .map(r -> ProductListItem.of(r, variants.getOrDefault(r.id, List.of())))\n"
    "                .toList();\n"
    "        return new PageResponse<>(items, query.count(), page, size);\n"
    "    }\n\n"
    "    // Product.variants leaves archived variants out (@SQLRestriction); so must this.\n"
    "    Map<Long, List<VariantRow>> variantsOf(List<Long> productIds) {\n"
    "        if (productIds.isEmpty()) {\n"
    "            return Map.of();\n"
    "        }\n"
    '        return Variant.find("product.id in ?1 and archived = false order by packSize", '
    "productIds)\n"
    "                .project(VariantRow.class)\n"
    "                .list()\n"
    "                .stream()\n"
    "                .collect(Collectors.groupingBy(v -> v.productId));\n"
    "    }\n"
    "}\n"
)


def _line(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


_PROJECT_AT = _line(_LISTING_SRC, ".project(ProductRow.class)")
_ARCHIVED_AT = _line(_LISTING_SRC, "archived = false order by")
_RES_FINAL = (
    _RES_HEAD.replace(
        "import com.brightbolt.catalog.catalog.Product;\n"
        "import io.quarkus.hibernate.orm.panache.PanacheQuery;\n",
        "import com.brightbolt.catalog.listing.CatalogListing;\n"
        "import com.brightbolt.catalog.listing.ProductListItem;\n"
        "import jakarta.inject.Inject;\n",
    )
    + "    @Inject\n    CatalogListing listing;\n\n"
    + _RES_SIG.replace("PageResponse<Product>", "PageResponse<ProductListItem>")
    + "        return listing.page(category, page, size);\n    }\n}\n"
)
_LIST_AT = _line(_RES_FINAL, "return listing.page(")

_NEW_TESTS = (
    "    @Test\n"
    "    void listsVariantsWithPackSizesAndPrices() {\n"
    '        given().queryParam("category", "anchors").queryParam("size", 100)\n'
    '                .when().get("/api/catalog/products")\n'
    "                .then().statusCode(200)\n"
    '                .body("total", equalTo(4))\n'
    '                .body("items[0].sku", equalTo("ANC-M8-WEDGE"))\n'
    '                .body("items[0].brand.name", equalTo("Fixit"))\n'
    '                .body("items[0].variants.packSize", contains(25, 50, 100))\n'
    '                .body("items[0].variants[0].priceNet", equalTo(11.40f));\n'
    "    }\n\n"
    "    @Test\n"
    "    void archivedVariantsAreNotListed() {\n"
    '        given().queryParam("category", "anchors")\n'
    '                .when().get("/api/catalog/products")\n'
    "                .then().statusCode(200)\n"
    "                .body(\"items.find { it.sku == 'ANC-M10-SLEEVE' }.variants.sku\",\n"
    '                        not(hasItem("ANC-M10-SLEEVE-200")));\n'
    "    }\n\n"
    "    @Test\n"
    "    void variantsAreNotRepeatedAcrossProducts() {\n"
    '        given().queryParam("category", "anchors")\n'
    '                .when().get("/api/catalog/products")\n'
    "                .then().statusCode(200)\n"
    '                .body("items.variants.flatten().sku.unique().size()", equalTo(11));\n'
    "    }\n\n"
)
_TEST_CMD = "./mvnw -pl catalog-service test"
_MVN_HEAD = (
    "[INFO] Scanning for projects...\n"
    "[INFO] \n"
    "[INFO] --------------------< com.brightbolt:catalog-service >--------------------\n"
    "[INFO] Building catalog-service 1.14.1-SNAPSHOT\n"
    "[INFO] --------------------------------[ jar ]---------------------------------\n"
    "[... resources, compile: Compiling 46 source files to "
    f"{_HOME}/catalog-service/target/classes ...]\n"
    "[INFO] -------------------------------------------------------\n"
    "[INFO]  T E S T S\n"
    "[INFO] -------------------------------------------------------\n"
    "[... BrandResourceTest, CategoryResourceTest: Tests run: 14, Failures: 0 ...]\n"
    "[INFO] Running com.brightbolt.catalog.api.ProductResourceTest\n"
    "2026-12-04 {time} INFO  [io.quarkus] (main) catalog-service 1.14.1-SNAPSHOT on JVM "
    "(powered by Quarkus 3.8.4) started in 3.412s. Listening on: http://localhost:8081\n"
)
_PANACHE_ERROR = (
    "2026-12-04 {time} ERROR [io.qua.ver.htt.run.QuarkusErrorHandler] (executor-thread-1) HTTP "
    "Request to /api/catalog/products?category=anchors&size=100 failed, error id: "
    "{err}-1: io.quarkus.panache.common.exception.PanacheQueryException: Your application must "
    "be built with parameter names, this should be the default if using Quarkus project "
    "generation. Check the Maven or Gradle compiler configuration to include '-parameters'.\n"
    "\tat io.quarkus.hibernate.orm.panache.common.runtime.CommonPanacheQueryImpl.project("
    "CommonPanacheQueryImpl.java:114)\n"
    "\tat io.quarkus.hibernate.orm.panache.runtime.PanacheQueryImpl.project("
    "PanacheQueryImpl.java:38)\n"
    "\tat com.brightbolt.catalog.listing.CatalogListing.page(CatalogListing.java:"
    f"{_PROJECT_AT})\n"
    "\tat com.brightbolt.catalog.listing.CatalogListing_ClientProxy.page(Unknown Source)\n"
    f"\tat com.brightbolt.catalog.api.ProductResource.list(ProductResource.java:{_LIST_AT})\n"
    "\tat com.brightbolt.catalog.api.ProductResource$quarkusrestinvoker$list_4b1e0c9f"
    ".invoke(Unknown Source)\n"
    "\t[... 14 more ...]\n"
    "[... the same error for the 6 other listing requests ...]\n"
)
_FAILED = (
    "[ERROR] Tests run: 9, Failures: 7, Errors: 0, Skipped: 0, Time elapsed: {secs} s <<< "
    "FAILURE! -- in com.brightbolt.catalog.api.ProductResourceTest\n"
    "[ERROR] com.brightbolt.catalog.api.ProductResourceTest.listsAPageOfACategory -- Time "
    "elapsed: 0.091 s <<< FAILURE!\n"
    "java.lang.AssertionError: 1 expectation failed.\n"
    "Expected status code <200> but was <500>.\n\n"
    "\tat com.brightbolt.catalog.api.ProductResourceTest.listsAPageOfACategory("
    "ProductResourceTest.java:34)\n"
    "[... the same for pagesThroughACategory, sortsByName, unknownCategoryIsAnEmptyPage, "
    "listsVariantsWithPackSizesAndPrices, archivedVariantsAreNotListed, "
    "variantsAreNotRepeatedAcrossProducts ...]\n"
    "[... CatalogHealthTest, PriceFormatTest, ...: Tests run: 18, Failures: 0 ...]\n"
    "[INFO] \n[INFO] Results:\n[INFO] \n"
    "[ERROR] Failures: \n"
    "[ERROR]   ProductResourceTest.archivedVariantsAreNotListed:91 1 expectation failed.\n"
    "Expected status code <200> but was <500>.\n"
    "[... 6 more, the same ...]\n"
    "[INFO] \n"
    "[ERROR] Tests run: 41, Failures: 7, Errors: 0, Skipped: 0\n"
    "[INFO] \n"
    "[INFO] ------------------------------------------------------------------------\n"
    "[INFO] BUILD FAILURE\n"
    "[INFO] ------------------------------------------------------------------------\n"
)

_EFFECTIVE = (
    "./mvnw -q -pl catalog-service help:effective-pom -Doutput=/tmp/effective-pom.xml && "
    f"grep -n -A3 '<compilerArgs' /tmp/effective-pom.xml pom.xml {_POM} && "
    f"git log --oneline -S'-Xlint:unchecked' -- {_POM}"
)
_POM_OLD = (
    "        <plugin>\n"
    "          <artifactId>maven-compiler-plugin</artifactId>\n"
    "          <configuration>\n"
    "            <compilerArgs>\n"
    "              <arg>-Xlint:unchecked</arg>\n"
    "            </compilerArgs>\n"
)
_POM_NEW = (
    "        <plugin>\n"
    "          <artifactId>maven-compiler-plugin</artifactId>\n"
    "          <configuration>\n"
    "            <!-- append: a list of our own would replace the root pom's -parameters, which\n"
    "                 Panache's project() needs for the constructor parameter names -->\n"
    '            <compilerArgs combine.children="append">\n'
    "              <arg>-Xlint:unchecked</arg>\n"
    "            </compilerArgs>\n"
)
_FIXED_RUN = (
    "./mvnw -pl catalog-service clean test | tail -8 && javap -v "
    "catalog-service/target/classes/com/brightbolt/catalog/listing/VariantRow.class | grep -A9 "
    f"MethodParameters && {_DEV} && curl -s -o /tmp/page.json -w 'time_total "
    f"%{{time_total}}s\\n' '{_URL}' && {_COUNT} && diff <(jq -S . /tmp/page-before.json) <(jq "
    "-S . /tmp/page.json) && echo same JSON"
)
_PR = (
    "git checkout -b cat-188-listing-rows && git add -A && git commit -m 'Read the product "
    "listing as rows in three queries, not serialised entities (CAT-188)' && git push -u origin "
    "HEAD && gh pr create --fill"
)
_POINT1 = (
    f"grep -n 'archived' {_LISTING} && ./mvnw -pl catalog-service test "
    "-Dtest='ProductResourceTest#archivedVariantsAreNotListed' | grep -E 'Tests run:|BUILD'"
)

s = Script(
    "You are a coding assistant working in the brightbolt-catalog repository (Java 17, Quarkus "
    "3.8 with Hibernate ORM 6.4 and Panache, RESTEasy Reactive with Jackson, PostgreSQL 15 "
    "through Dev Services, a Maven build with the modules catalog-service and erp-import, JUnit "
    "5 with @QuarkusTest and REST Assured). You can read, write, edit and delete files and run "
    "shell commands through the tools you are given."
)
s.user(
    "CAT-188: the product listing in the sales reps' tablet app has got slow. GET "
    "/api/catalog/products?category=...&size=100 has been at p95 3.8 s in Grafana since 1.14.0 "
    "went out on 25 November (it was about 180 ms before), and the app gives up at 5 s, so on "
    "the big categories (fasteners, anchors) the reps get an empty screen in front of the "
    "customer. 1.14.0 is the release that added the pack-size variants to the listing. Find out "
    "why and fix it. It's all in catalog-service; quarkus:dev gives you a Postgres with the dev "
    "seed."
)
s.call(
    "run_command",
    f"$ cat {_RES} {_PRODUCT} {_VARIANT}\n{_RES_SRC}{_PRODUCT_SRC}{_VARIANT_SRC}",
    command=f"cat {_RES} {_PRODUCT} {_VARIANT}",
)
s.call(
    "run_command",
    f"$ {_MEASURE}\n"
    "time_total 2.947s\n"
    "125\n"
    "      2 from product\n"
    "     23 from brand\n"
    "    100 from variant\n",
    "The resource returns the Product entities themselves and lets Jackson serialise them. "
    "Product.variants is a lazy @OneToMany, so each product's variants are loaded with a select "
    "of their own while the JSON is written, and Product.brand is a @ManyToOne, eager by "
    "default, which a find() query loads with a select per brand. Measuring a page of 100 "
    "fasteners with the SQL log on.",
    command=_MEASURE,
)
s.call(
    "write_file",
    f"Wrote {_CACHE} ({len(_CACHE_SRC.splitlines())} lines)",
    "That is the N+1: one page of 100 products takes 125 statements, the page and its count, "
    "100 selects of variants (one per product, during serialisation) and 23 of brands, and "
    "2.947 s on my machine. Before 1.14.0 the listing had no variants, hence the 180 ms. Plan: "
    "cache the listing pages with quarkus-cache, a CatalogCache whose @CacheResult page() loads "
    "a page with its variants inside a transaction, keyed by category, page and size, with a "
    "10-minute expiry and an invalidate() for the ERP import to call.",
    path=_CACHE,
    content=_CACHE_SRC,
)
s.call(
    "edit_file",
    f"Edited {_RES}: 3 hunks, +7 -4",
    path=_RES,
    edits=[
        {
            "old_string": "import com.brightbolt.catalog.catalog.Product;\n"
            "import io.quarkus.hibernate.orm.panache.PanacheQuery;\n",
            "new_string": "import com.brightbolt.catalog.catalog.CatalogCache;\n"
            "import com.brightbolt.catalog.catalog.Product;\n"
            "import jakarta.inject.Inject;\n",
        },
        {
            "old_string": _RES_BODY,
            "new_string": "        return cache.page(category, page, size);\n    }\n}\n",
        },
        {
            "old_string": "public class ProductResource {\n\n",
            "new_string": "public class ProductResource {\n\n    @Inject\n    CatalogCache cache;\n\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ {_CACHE_RUN}\n"
    "[INFO] Scanning for projects...\n"
    "[... catalog-service 1.14.1-SNAPSHOT, quarkus-maven-plugin:3.8.4:add-extension ...]\n"
    "[INFO] [SUCCESS] \u2705  Extension io.quarkus:quarkus-cache has been installed\n"
    "time_total 2.912s\n"
    "time_total 0.004s\n"
    "time_total 0.003s\n",
    command=_CACHE_RUN,
)
s.say(
    "With CatalogCache the first request for a page still takes 2.912 s, and the next ones are "
    "served from the cache in 3-4 ms, for 10 minutes. To keep prices from going stale past the "
    "import, the ERP import would call CatalogCache.invalidate() when it finishes. Shall I wire "
    "that into erp-import and open the PR?"
)
s.user(
    "No, no cache. The ERP import rewrites prices and stock every 15 minutes and the reps quote "
    "straight off this page, so a 10-minute cache is a wrong price on a quote. Invalidating it "
    "from erp-import means wiring two services together, and there are 3 pods with a cache "
    "each. And the first request for every category still takes 3 seconds. The problem is 125 "
    "queries for one page, so fix that: stop serialising entities out of the resource. Read "
    "the page with Panache's project() into small row classes, then the variants of all the "
    "page's products in one query by product id, so a page is a fixed number of queries "
    "whatever its size. Keep the JSON exactly as it is, the tablet app parses it. Delete "
    "CatalogCache.java and put pom.xml, application.properties and ProductResource.java back "
    "before you start."
)
s.call(
    "run_command",
    f"$ rm {_CACHE} && git checkout -- {_POM} {_PROPS} {_RES} && git status --short\n",
    command=f"rm {_CACHE} && git checkout -- {_POM} {_PROPS} {_RES} && git status --short",
)
s.call(
    "write_file",
    f"Wrote {_PROW} ({len(_PROW_SRC.splitlines())} lines)",
    "CatalogCache.java is deleted, and pom.xml, application.properties and ProductResource.java "
    "are back as they were: the tree is clean. First the row classes. project() builds its "
    "select from the constructor's parameter names, so each row has one constructor; the "
    "brand's id and name come through @ProjectedFieldName, which joins the brand into the page "
    "query.",
    path=_PROW,
    content=_PROW_SRC,
)
s.call(
    "write_file",
    f"Wrote {_VROW} ({len(_VROW_SRC.splitlines())} lines)",
    "VariantRow carries the product id to group by (not in the JSON) and the fields the "
    "Variant entity serialised.",
    path=_VROW,
    content=_VROW_SRC,
)
s.call(
    "write_file",
    f"Wrote {_ITEM} ({len(_ITEM_SRC.splitlines())} lines)",
    "ProductListItem is what the resource returns: the Product entity's JSON fields, the brand "
    "as an object with id and name as before, and the variants.",
    path=_ITEM,
    content=_ITEM_SRC,
)
s.call(
    "write_file",
    f"Wrote {_LISTING} ({len(_LISTING_SRC.splitlines())} lines)",
    "CatalogListing reads a page in three statements: the count, the page of ProductRows, and "
    "the VariantRows of all its products with product.id in the page's ids. That query goes to "
    "Variant directly, so it filters archived = false itself, as the @SQLRestriction on "
    "Product.variants did.",
    path=_LISTING,
    content=_LISTING_SRC,
)
s.call(
    "write_file",
    f"Wrote {_RES} ({len(_RES_FINAL.splitlines())} lines)",
    path=_RES,
    content=_RES_FINAL,
)
s.call(
    "edit_file",
    f"Edited {_TEST}: 2 hunks, +34 -0",
    "Tests for what the entities gave for free: the variants with pack sizes and prices, the "
    "brand object, archived variants left out, and no variant listed under two products. The "
    "anchors category in import-test.sql has 4 products with 11 listed variants and one "
    "archived one, ANC-M10-SLEEVE-200.",
    path=_TEST,
    edits=[
        {
            "old_string": "import static org.hamcrest.Matchers.equalTo;\n",
            "new_string": "import static org.hamcrest.Matchers.contains;\n"
            "import static org.hamcrest.Matchers.equalTo;\n"
            "import static org.hamcrest.Matchers.hasItem;\n"
            "import static org.hamcrest.Matchers.not;\n",
        },
        {
            "old_string": "    @Test\n    void rejectsAMissingCategory() {\n",
            "new_string": _NEW_TESTS + "    @Test\n    void rejectsAMissingCategory() {\n",
        },
    ],
)
s.call(
    "run_command",
    f"$ {_TEST_CMD}\n"
    + _MVN_HEAD.format(time="11:06:49,702")
    + _PANACHE_ERROR.format(time="11:06:52,118", err="0b7f5e2a-41c3-4d6e-9a51-3c2b8e1f7d04")
    + _FAILED.format(secs="8.114"),
    command=_TEST_CMD,
)
_CLEAN = "kill $(cat /tmp/dev.pid); ./mvnw -pl catalog-service clean test"
_MVN_CLEAN = _MVN_HEAD.replace(
    "[... resources, compile:",
    f"[INFO] Deleting {_HOME}/catalog-service/target\n[... resources, compile:",
)
s.call(
    "run_command",
    f"$ {_CLEAN}\n"
    + _MVN_CLEAN.format(time="11:09:31,455")
    + _PANACHE_ERROR.format(time="11:09:34,870", err="5c2d91f0-7e8a-4b3f-b1d6-08a4e9c3f217")
    + _FAILED.format(secs="8.552"),
    "PanacheQueryException: the ProductRow constructor has no parameter names in its class "
    "file. But the root pom passes -parameters to javac, and quarkus:dev from the measurement "
    "is still running: its hot reload compiled ProductRow and VariantRow into target/classes "
    "on its own, so this looks like stale classes from dev mode rather than the Maven build's. "
    "Stopping dev mode, then a clean build and the tests again.",
    command=_CLEAN,
)
s.call(
    "run_command",
    f"$ {_EFFECTIVE}\n"
    "/tmp/effective-pom.xml:214:          <compilerArgs>\n"
    "/tmp/effective-pom.xml-215-            <arg>-Xlint:unchecked</arg>\n"
    "/tmp/effective-pom.xml-216-          </compilerArgs>\n"
    "/tmp/effective-pom.xml-217-        </configuration>\n"
    "pom.xml:97:            <compilerArgs>\n"
    "pom.xml-98-              <arg>-parameters</arg>\n"
    "pom.xml-99-            </compilerArgs>\n"
    "pom.xml-100-          </configuration>\n"
    f"{_POM}:71:            <compilerArgs>\n"
    f"{_POM}-72-              <arg>-Xlint:unchecked</arg>\n"
    f"{_POM}-73-            </compilerArgs>\n"
    f"{_POM}-74-          </configuration>\n"
    "a41c9e7 catalog-service: report unchecked casts (CAT-102)\n",
    "The same 7 failures after a clean build with dev mode stopped, so it is not stale "
    "classes. Checking which compiler arguments catalog-service really gets.",
    command=_EFFECTIVE,
)
s.call(
    "edit_file",
    f"Edited {_POM}: 1 hunk, +3 -1",
    "There it is: the root pom's maven-compiler-plugin passes -parameters, but "
    "catalog-service/pom.xml declares a <compilerArgs> of its own, -Xlint:unchecked, added in "
    "CAT-102. Maven merges a module's plugin configuration with the parent's element by element, "
    "but a list the module declares replaces the parent's, so since CAT-102 catalog-service has "
    "been compiled without -parameters, and nothing needed it until project(). combine.children="
    '"append" keeps both.',
    path=_POM,
    old=_POM_OLD,
    new=_POM_NEW,
)
s.call(
    "run_command",
    f"$ {_FIXED_RUN}\n"
    "[INFO] Results:\n"
    "[INFO] \n"
    "[INFO] Tests run: 41, Failures: 0, Errors: 0, Skipped: 0\n"
    "[INFO] \n"
    "[INFO] ------------------------------------------------------------------------\n"
    "[INFO] BUILD SUCCESS\n"
    "[INFO] ------------------------------------------------------------------------\n"
    "[INFO] Total time:  24.381 s\n"
    "    MethodParameters:\n"
    "      Name                           Flags\n"
    "      productId\n"
    "      id\n"
    "      sku\n"
    "      packSize\n"
    "      priceNet\n"
    "      currency\n"
    "      stockQty\n"
    "time_total 0.058s\n"
    "3\n"
    "      2 from product\n"
    "      1 from variant\n"
    "same JSON\n",
    command=_FIXED_RUN,
)
s.call(
    "run_command",
    f"$ {_PR}\nSwitched to a new branch 'cat-188-listing-rows'\n"
    "[cat-188-listing-rows 9c4e1b7] Read the product listing as rows in three queries, not "
    "serialised entities (CAT-188)\n"
    " 7 files changed, 176 insertions(+), 6 deletions(-)\n"
    f" create mode 100644 {_LISTING}\n"
    f" create mode 100644 {_ITEM}\n"
    f" create mode 100644 {_PROW}\n"
    f" create mode 100644 {_VROW}\n"
    "branch 'cat-188-listing-rows' set up to track 'origin/cat-188-listing-rows'.\n"
    "https://github.com/brightbolt/catalog/pull/274\n",
    "All 41 tests pass. The javap output shows the parameter names are in VariantRow's class "
    "file now; a page of 100 fasteners takes 3 statements (the count, the page with its brands "
    "joined, the variants) and 0.058 s instead of 125 statements and 2.947 s, and its JSON is "
    "the same as before. Committing, pushing and opening the PR.",
    command=_PR,
)
s.user(
    "Oksana reviewed #274:\n"
    '1. Product.variants has @SQLRestriction("archived = false"), but your variants query goes '
    "to Variant directly, so the discontinued pack sizes come back in the listing. Filter the "
    "archived variants out.\n"
    "2. Why not @BatchSize(size = 100) on Product.variants and a LAZY brand? Two annotations "
    "instead of four new classes.\n"
    "3. The ERP import writes the prices in 500-row transactions over about 4 minutes, so a "
    "page can show a product with half its variants at the old price. The import should write "
    "the prices in a single transaction.\n"
    "4. Nothing stops the N+1 from coming back with the next association someone adds. Add a "
    "test that counts the statements for one listing page and fails if there are more than 3."
    "\n\n"
    "My answers:\n"
    "1: I think your query filters them already; check and tell her.\n"
    "2: reply: with @BatchSize the resource still serialises entities, so every association "
    "someone adds later is one more lazy load while the JSON is written, and the JSON is "
    "whatever the entity happens to hold. The rows say what the listing reads, in three queries "
    "whatever the page size.\n"
    "3: that's CAT-196, not this PR: erp-import belongs to the integration team and they are "
    "rewriting it in January.\n"
    "4: yes, in this PR: turn on Hibernate statistics in the test profile "
    "(%test.quarkus.hibernate-orm.statistics=true in application.properties), add a category "
    "of 100 products to import-test.sql (it only has 14 products, a generate_series insert "
    "will do) and assert in ProductResourceTest that a 100-product page takes a prepared "
    "statement count of 3."
)
s.call(
    "run_command",
    f"$ {_POINT1}\n"
    f"{_ARCHIVED_AT - 1}:    // Product.variants leaves archived variants out (@SQLRestriction); "
    "so must this.\n"
    f'{_ARCHIVED_AT}:        return Variant.find("product.id in ?1 and archived = false order '
    'by packSize", productIds)\n'
    "[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 6.874 s -- in "
    "com.brightbolt.catalog.api.ProductResourceTest\n"
    "[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n"
    "[INFO] BUILD SUCCESS\n",
    "Checking point 1 before replying.",
    command=_POINT1,
)
s.call(
    "run_command",
    "$ gh pr comment 274 --body-file /tmp/pr274.md\n"
    "https://github.com/brightbolt/catalog/pull/274#issuecomment-2263017\n",
    f"Point 1 is already in: line {_ARCHIVED_AT} of CatalogListing.java filters archived = false "
    "in the variants query, and archivedVariantsAreNotListed passes. Posting the reply to "
    "Oksana: point 1 is covered by that test; the rows rather than @BatchSize, since entities "
    "in the JSON make every association added later a lazy load during serialisation; the "
    "ERP import's transactions are CAT-196.",
    command="gh pr comment 274 --body-file /tmp/pr274.md",
)
s.say(
    "Replied to Oksana on the PR. Point 1 was in before her review: the variants query in "
    "CatalogListing filters archived = false, as the @SQLRestriction on Product.variants does, "
    "and archivedVariantsAreNotListed passes. On point 2, the reply says why the listing reads "
    "rows and not entities: with entities in the JSON, each association added later is one "
    "more lazy load while the JSON is written, and the rows keep a page at three queries. "
    "Point 3 is CAT-196, since erp-import is the integration team's and they rewrite it in "
    "January."
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "CAT-188: since 1.14.0 (25 November) added pack-size variants to the listing, GET "
             "/api/catalog/products is at p95 3.8 s (about 180 ms before) and the reps' tablet "
             "app gives up at 5 s on the big categories, because ProductResource hands Product "
             "entities to Jackson: an N+1, 125 statements for a page of 100 (a select of "
             "variants per product, one per brand); find why and fix it.",
             must=(("cat-188", "product listing", "/api/catalog/products"),
                   ("3.8 s", "p95", "n+1", "125 statements", "125 queries", "slow")),
             partial_means="The slow listing without its cause (entities serialised, one "
                           "select per product), or the ticket alone.",
             wrong="A slow database; the tablets' network; a missing index."),
    Question("latest_request", "What did the user last ask?",
             "Oksana's review of PR #274 with the user's answers: point 1 (archived variants "
             "filtered) should already be in, check and tell her; point 2, reply why not "
             "@BatchSize (entities serialised still lazy-load every association added later; "
             "the rows say what the listing reads, in three queries); point 3, the ERP "
             "import's 500-row transactions are CAT-196, not this PR; point 4, in this PR: "
             "%test.quarkus.hibernate-orm.statistics=true, a category of 100 products in "
             "import-test.sql, and a test in ProductResourceTest that a 100-product page takes "
             "a prepared statement count of 3.",
             must=(("prepared statement", "statement count", "statistics",
                    "counts the statements", "statement-count", "n+1 from coming back"),
                   ("oksana", "cat-196", "batchsize", "archived", "single transaction")),
             cue=("latest", "last", "most recent", "now", "current", "asked", "request", "user",
                  "wants", "review", "oksana", "answers"),
             partial_means="One of the points to act on, without the statement-count test or "
                           "without the others.",
             wrong="Making the ERP import one transaction now; adding @BatchSize.",
             stale_means="The no-cache correction or the first request given as the latest."),
    Question("next_step", "What exactly is the next step?",
             "Oksana's point 4, the one left: set %test.quarkus.hibernate-orm.statistics=true "
             "in application.properties, add a category of 100 products to import-test.sql "
             "(a generate_series insert), and in ProductResourceTest assert that GET of a "
             "100-product page takes a prepared statement count of 3 (Hibernate statistics); "
             "run ./mvnw -pl catalog-service test, then commit and push to #274.",
             must=(("prepared statement", "statement count", "statistics",
                    "counts the statements", "count the statements", "statement-count"),
                   ("productresourcetest", "import-test.sql", "application.properties", "push",
                    "#274", "100-product", "100 products")),
             stale=("catalogcache", "@cacheresult", "invalidate()", "batchsize",
                    "single transaction", "filter the archived variants"),
             partial_means="Says to add the statement-count test without where or what then "
                           "(the test profile, import-test.sql, ProductResourceTest, the "
                           "push), or to push without it.",
             wrong="Adding an index on variant.product_id; raising the tablets' timeout.",
             stale_means="Says to make the ERP import write its prices in a single "
                         "transaction (put off by the user to CAT-196), to filter the archived "
                         "variants (already in), to add @BatchSize, or to wire "
                         "CatalogCache.invalidate() into erp-import (ruled out, deleted)."),
    Question("files_edited", "Which files were changed, and why?",
             "catalog-service/.../api/ProductResource.java (returns CatalogListing's page of "
             "ProductListItem instead of Product entities); listing/CatalogListing.java (new: "
             "the page with project(ProductRow.class) and the page's variants in one query, "
             "archived = false); listing/ProductRow.java, listing/VariantRow.java (new: the "
             "projection classes, one constructor, @ProjectedFieldName) and "
             "listing/ProductListItem.java (new: the entity's JSON fields); "
             "catalog-service/pom.xml (<compilerArgs combine.children=\"append\"> so the root "
             "pom's -parameters is kept); ProductResourceTest.java (variants, brand, archived, "
             "no repeats). catalog/CatalogCache.java was created and deleted, and the pom, "
             "application.properties and ProductResource.java checked out before the real "
             "change.",
             must=(("productresource.java",), ("cataloglisting.java",),
                   ("productrow.java", "variantrow.java", "productlistitem.java"),
                   ("pom.xml",), ("productresourcetest.java",)),
             stale=("catalogcache.java", "quarkus-cache"),
             spread=True,
             partial_means="Two to four of the files.",
             wrong="Product.java, Variant.java or erp-import given as changed.",
             stale_means="CatalogCache.java (the @CacheResult cache) or the quarkus-cache "
                         "dependency listed as a current change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The listing reads rows, not entities: CatalogListing reads the page with "
             "Panache's project() into ProductRow (the brand joined through "
             "@ProjectedFieldName) and the variants of all the page's products in one query by "
             "product id (product.id in ?1 and archived = false) into VariantRow, assembled "
             "into ProductListItem with the JSON unchanged; three statements a page whatever "
             "its size. It rules out caching the pages (CatalogCache with @CacheResult, "
             "quarkus-cache, a 10-minute expiry: stale prices after the 15-minute ERP import, "
             "a cache per pod, the first request still 3 s), @BatchSize on Product.variants, "
             "and serialising entities out of the resource.",
             must=(("project()", "projection", "productrow", "variantrow", "rows, not entities",
                    "one query by product id", "product.id in"),
                   ("catalogcache", "@cacheresult", "cache", "batchsize", "entities")),
             stale=("@cacheresult", "catalogcache", "quarkus-cache"),
             partial_means="The rows read with project() without what they rule out, or the "
                           "reverse.",
             wrong="Making Product.variants eager; a bigger connection pool.",
             stale_means="The CatalogCache (@CacheResult pages with a 10-minute expiry) given "
                         "as the design."),
    Question("review", "What did the review find?",
             "Oksana on #274: 1. the variants query goes to Variant directly, bypassing "
             "@SQLRestriction(\"archived = false\"), so discontinued pack sizes would be listed "
             "(already in: the query filters archived = false, archivedVariantsAreNotListed "
             "passes); 2. why not @BatchSize(size = 100) and a LAZY brand (answered on the PR: "
             "entities still serialised, every association added later another lazy load); "
             "3. the ERP import's 500-row transactions over about 4 minutes show half-updated "
             "prices, write them in a single transaction (put off to CAT-196); 4. nothing "
             "stops the N+1 coming back, a test that counts a page's statements and fails over "
             "3 (still to do in this PR).",
             must=(("archived", "@sqlrestriction", "discontinued"),
                   ("batchsize",),
                   ("cat-196", "erp import", "single transaction", "500-row"),
                   ("statement", "n+1", "statistics")),
             partial=2,
             cue=("review", "found", "finding", "flagged", "pointed out", "noted", "comment",
                  "oksana", "reviewed", "asked"),
             partial_means="Two or three of the four points.",
             wrong="The PanacheQueryException given as a review finding."),
    Question("corrections", "How did the user correct the agent?",
             "No cache: the ERP import rewrites prices and stock every 15 minutes and the reps "
             "quote off the page, so a 10-minute cache is a wrong price; invalidating from "
             "erp-import couples two services, there are 3 pods with a cache each, and the "
             "first request still takes 3 s. Fix the 125 queries instead: stop serialising "
             "entities, read the page with Panache's project() into row classes and the "
             "page's variants in one query by product id; keep the JSON exactly as it is; "
             "delete CatalogCache.java and put pom.xml, application.properties and "
             "ProductResource.java back first.",
             must=(("no cache", "catalogcache", "10-minute cache"),
                   ("project()", "projection", "row classes", "one query by product id",
                    "serialising entities")),
             cue=("user", "correct", "said", "asked", "told", "instead", "don't", "do not",
                  "not ", "no ", "no,", "stop", "wants", "ruled out"),
             partial_means="No cache without what to do instead, or the reverse.",
             wrong="The PanacheQueryException given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The slow listing: 125 statements a page (an N+1 while Jackson serialised the "
             "entities); fixed by the rows read in three queries. Then 7 of the 9 "
             "ProductResourceTest tests got 500 instead of 200: PanacheQueryException 'Your "
             "application must be built with parameter names ... include -parameters' from "
             "project() in CatalogListing.page; stopping quarkus:dev and ./mvnw -pl "
             "catalog-service clean test did not fix it (not stale classes from dev mode's "
             "hot reload); catalog-service/pom.xml's own <compilerArgs> (-Xlint:unchecked, "
             "CAT-102) replaced the root pom's -parameters; fixed by "
             "combine.children=\"append\" on it.",
             must=(("panachequeryexception", "parameter names", "-parameters"),
                   ("combine.children", "compilerargs", "-xlint:unchecked")),
             stale=("fixed by ./mvnw clean", "fixed by mvnw clean", "fixed by a clean build",
                    "fixed by clean", "fixed by stopping", "fixed by re-running",
                    "fixed by a re-run", "stale classes"),
             partial_means="The error without its fix, or the fix without the error.",
             wrong="A LazyInitializationException; a Dev Services container that did not "
                   "start.",
             stale_means="The PanacheQueryException 'fixed' by stopping quarkus:dev, ./mvnw "
                         "clean test or a re-run (stale classes from dev mode)."),
    Question("key_values", "Which key values matter?",
             "p95 3.8 s since 1.14.0 (about 180 ms before), the app's 5 s timeout; a page of "
             "100: 125 statements (2 product, 100 variant, 23 brand) and 2.947 s, then 3 "
             "statements and 0.058 s; the cache's 10-minute expiry against the 15-minute ERP "
             "import, 3 pods; 7 of 41 tests failing, then 41 passing; the ERP import's 500-row "
             "transactions; PR #274; CAT-188, CAT-196 and CAT-102.",
             must=(("125 statements", "2.947", "0.058", "tests run: 41", "41 tests"),
                   ("#274", "cat-188", "cat-196")),
             spread=True,
             partial_means="One group of values.",
             wrong="Values not in the span."),
    Question("file_roles", "What is each file for?",
             "api/ProductResource.java is GET /api/catalog/products (category, page, size up "
             "to 100); catalog/Product.java and catalog/Variant.java are the entities "
             "(Product.variants lazy with @SQLRestriction archived = false, Product.brand a "
             "@ManyToOne); listing/CatalogListing.java reads a page in three statements; "
             "ProductRow and VariantRow are the projections, ProductListItem the JSON; "
             "catalog-service/pom.xml holds the module's compiler arguments; "
             "src/test/resources/import-test.sql seeds the tests (14 products); erp-import is "
             "the module that rewrites prices and stock every 15 minutes.",
             must=(("cataloglisting.java", "cataloglisting"),
                   ("productresource.java", "product.java", "variant.java", "productrow",
                    "variantrow", "productlistitem", "pom.xml", "import-test.sql",
                    "erp-import")),
             partial_means="The files named without what they hold.",
             wrong="CatalogCache.java as the listing in use."),
    Question("pending", "What work is still pending?",
             "Oksana's point 4: the prepared-statement-count test (statistics on in the test "
             "profile, 100 products in import-test.sql, the assertion in ProductResourceTest), "
             "then commit and push to #274; the ERP import's transactions later in CAT-196.",
             must=(("prepared statement", "statement count", "statistics",
                    "counts the statements", "count the statements", "statement-count"),
                   ("push", "#274", "cat-196", "import-test.sql", "productresourcetest")),
             partial_means="The statement-count test without the rest, or the reverse.",
             wrong="The archived filter or the reply on @BatchSize as pending.",
             stale_means="The ERP import's single transaction or the cache invalidation as "
                         "pending in this PR."),
    Question("state", "What is the state of the work?",
             "PR #274 (branch cat-188-listing-rows) is open and pushed with CatalogListing, the "
             "row classes, the resource change, the pom's combine.children fix and the new "
             "tests; all 41 tests pass; a page of 100 takes 3 statements and 0.058 s with the "
             "same JSON; Oksana is answered on points 1 to 3; the statement-count test (point "
             "4) is not started.",
             must=(("#274",),
                   ("tests run: 41", "41 tests", "41 pass", "tests pass", "build success"),
                   ("not started", "statement count", "statement-count", "prepared statement",
                    "point 4")),
             partial_means="The fix and its tests without what remains.",
             wrong="Says the PR is merged, or the statement-count test exists.",
             stale_means="Says the listing pages are cached with CatalogCache."),
)  # fmt: skip

PRODUCTION = None
