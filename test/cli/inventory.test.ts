/**
 * The tool inventory over the cross-file fixture projects (one per indirection of the program
 * index), in one typed and one syntactic run: each tool once, where it is registered, where its
 * handler starts, and what its path holds. Without types, a handler in another file is listed
 * at its registration and counted as unresolved, never guessed.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, type AnalyzeResult, type Scorecard } from "../../src/cli/analyzer.js";
import { formatMarkdown } from "../../src/cli/formats/markdown.js";
import { FORMATTERS } from "../../src/cli/formats/index.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "cross-file");
const SCORECARD_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "cli", "scorecard");

/** name, registration, handler, classified/error paths, calls with timeout/external calls, findings. */
type Row = [string, string, string, string, string, number];

function rows(result: AnalyzeResult): Row[] {
  return result.tools.map((tool) => [
    tool.name ?? "(unnamed)",
    tool.registration ? `${tool.registration.file}:${String(tool.registration.line)}` : "-",
    tool.handler ? `${tool.handler.file}:${String(tool.handler.line)}` : "-",
    `${String(tool.classified)}/${String(tool.errorPaths)}`,
    `${String(tool.withTimeout)}/${String(tool.externalCalls)}`,
    tool.findings,
  ]);
}

describe("tool inventory", () => {
  let typed: AnalyzeResult;
  let syntactic: AnalyzeResult;
  beforeAll(async () => {
    [typed, syntactic] = await Promise.all([analyze({ cwd: FIXTURES }), analyze({ cwd: FIXTURES, types: false })]);
  }, 60_000);

  it("follows every indirection with types", () => {
    expect(typed.mode).toMatchObject({ typed: true, reason: "94 tsconfig.json" });
    expect(rows(typed)).toEqual<Row[]>([
      // The project's own registration function, and an answer builder whose `isError` is a parameter.
      ["(unnamed)", "answer-builder/src/register.ts:7", "answer-builder/src/register.ts:7", "0/1", "0/0", 3],
      // A catch that answers with a helper of another file whose result has no `isError`.
      ["get_ticket", "answer-helper/src/server.ts:22", "answer-helper/src/server.ts:6", "0/0", "1/1", 1],
      ["ticket_history", "answer-helper/src/server.ts:24", "answer-helper/src/server.ts:24", "2/2", "1/1", 0],
      ["ticket_summary", "answer-helper/src/server.ts:32", "answer-helper/src/server.ts:32", "0/0", "1/1", 0],
      // A method called on a value typed by the base class: each subclass's override runs.
      ["find_paper", "base-class-overrides/src/server.ts:11", "base-class-overrides/src/server.ts:11", "1/2", "2/2", 2],
      // The base class registers `this.run`; the subclass names the tool.
      ["geocode", "base-class/src/base-tool.ts:7", "base-class/src/base-tool.ts:7", "0/1", "0/1", 2],
      // A runner handed to the registering class as `this.runHandler.bind(this)`, two methods deep, runs
      // each handler (`handler: any`) through its abstract base class: the subclasses' `run`.
      ["(unnamed)", "bound-runner/src/table.ts:25", "bound-runner/src/table.ts:25", "0/3", "0/1", 4],
      // A callback handed to an answering helper of another file, which answers with what it gives back.
      ["list_catalog_products", "callback-answer/src/server.ts:9", "callback-answer/src/server.ts:9", "1/1", "1/1", 1],
      // A function its registration function was given as a parameter (`tokenProvider()`), made by a factory of another file.
      ["search_code", "callback-parameter/src/tools.ts:5", "callback-parameter/src/tools.ts:5", "0/1", "1/1", 1],
      // A dispatcher that calls a method through a cast restating it: the method of the value's own class.
      ["close_ledger", "cast-receiver/src/server.ts:7", "cast-receiver/src/server.ts:7", "0/1", "0/0", 1],
      // A runner of another file whose failure says the message its caller chose (through a builder of a third file).
      ["export_journal", "chosen-failure-message/src/server.ts:12", "chosen-failure-message/src/server.ts:12", "0/1", "1/1", 2],
      ["journal_months", "chosen-failure-message/src/server.ts:19", "chosen-failure-message/src/server.ts:19", "0/1", "1/1", 1],
      // A hand-written breaker of another file: its open throw and its rethrow reach the model.
      ["station_status", "circuit-breaker/src/server.ts:8", "circuit-breaker/src/server.ts:8", "0/2", "1/1", 2],
      ["git_log", "class-instance/src/server.ts:9", "class-instance/src/server.ts:9", "0/0", "0/1", 1],
      // A client a tool constructs, whose constructor of another file throws.
      ["git_remote", "class-instance/src/server.ts:16", "class-instance/src/server.ts:16", "0/1", "0/0", 1],
      // Classes listed for a factory to construct, run through an interface method they inherit from an abstract base.
      ["archive_product", "class-list/src/toolkit.ts:13", "class-list/src/toolkit.ts:13", "0/0", "1/1", 1],
      ["update_price", "class-list/src/toolkit.ts:13", "class-list/src/toolkit.ts:13", "0/0", "1/1", 1],
      ["list_products", "class-list/src/toolkit.ts:13", "class-list/src/toolkit.ts:13", "0/0", "0/1", 1],
      // An axios instance created in another file, with and without a default timeout.
      ["web_search", "client-instance/src/server.ts:7", "client-instance/src/server.ts:7", "0/0", "1/2", 1],
      // A table keyed by each tool's own name, computed (`[readPageTool.name]: readPage`): every value of it.
      ["read_page", "computed-table/src/server.ts:7", "computed-table/src/server.ts:7", "0/1", "0/0", 1],
      ["read_pages", "computed-table/src/server.ts:7", "computed-table/src/server.ts:7", "0/1", "0/0", 1],
      // A function passed to a constructor, called through its parameter property (`this.getContext()`).
      ["take_snapshot", "constructor-callback/src/server.ts:15", "constructor-callback/src/server.ts:15", "0/0", "0/1", 1],
      // A class's callback field, set by the constructor from the options a subclass hands on, behind a provider.
      ["search_shipments", "constructor-fields/src/server.ts:10", "constructor-fields/src/server.ts:10", "0/1", "0/0", 1],
      // Classes loaded from a folder by path and constructed through a constructor type of their interface.
      ["lookup-station", "constructor-type/src/server.ts:8", "constructor-type/src/server.ts:8", "1/1", "0/1", 1],
      // Definitions through an identity helper and through one that retypes `run`: one tool each.
      ["tides", "define-helpers/src/server.ts:10", "define-helpers/src/server.ts:10", "0/0", "0/1", 1],
      ["forecast", "define-helpers/src/server.ts:10", "define-helpers/src/server.ts:10", "0/0", "0/1", 1],
      // A list of definitions of the same type, destructured in a forEach: each element's handler.
      ["search_logs", "definition-list/src/server.ts:14", "definition-list/src/tools/logs.ts:6", "0/0", "1/1", 1],
      ["read_metrics", "definition-list/src/server.ts:14", "definition-list/src/tools/metrics.ts:6", "0/0", "0/1", 2],
      // A handler a factory takes from its config object (`const { handler } = config`).
      ["export_ledger", "destructured-config/src/server.ts:8", "destructured-config/src/server.ts:8", "0/1", "0/0", 1],
      // A function loaded with `await import()`.
      ["export_report", "dynamic-import/src/server.ts:5", "dynamic-import/src/server.ts:5", "0/0", "0/1", 1],
      ["account_history", "empty-value-flow/src/server.ts:6", "empty-value-flow/src/server.ts:6", "0/0", "1/1", 1],
      // A base class whose catch hands every failure to its own `handleError`.
      // Error classes (one of another file, two this file exports, one by name) that carry their payload to the wrapper's catch: one finding each.
      ["(unnamed)", "error-carrier/src/server.ts:27", "error-carrier/src/server.ts:27", "1/4", "0/0", 3],
      ["create_board", "error-handler-method/src/base-tool.ts:9", "error-handler-method/src/base-tool.ts:9", "0/0", "1/1", 1],
      // Error results built by a helper of another file, classified there.
      ["search_contacts", "error-helper/src/server.ts:7", "error-helper/src/server.ts:7", "3/3", "1/1", 2],
      // A table a factory of the file returns, keyed by tool: one tool per key. trace_shipment's handler
      // takes the API client untyped, from a table dispatcher's caller, and the client's transport is
      // an untyped field it constructs: its fetch is on the path.
      ["trace_shipment", "executor-table/src/server.ts:28", "executor-table/src/server.ts:28", "0/2", "0/1", 3],
      ["check_manifest", "executor-table/src/server.ts:28", "executor-table/src/server.ts:28", "0/0", "0/0", 1],
      // The project's own `fetch`, imported: followed into its module, not taken for the global.
      // Only the method the tool calls, of the object the factory returns.
      ["get_product", "factory-methods/src/server.ts:6", "factory-methods/src/server.ts:6", "0/0", "0/1", 1],
      // A builder whose `isError` is `!envelope.ok`, handed the failure envelopes of its file.
      ["read_module", "failure-envelope/src/server.ts:8", "failure-envelope/src/server.ts:8", "0/3", "0/0", 1],
      // A helper of another file that hands its failure back as the data.
      ["query_docs", "failure-text-field/src/server.ts:6", "failure-text-field/src/server.ts:6", "0/0", "1/1", 1],
      ["search_topics", "failure-text-field/src/server.ts:11", "failure-text-field/src/server.ts:11", "0/0", "1/1", 1],
      ["changelog", "failure-text-field/src/server.ts:20", "failure-text-field/src/server.ts:20", "1/1", "1/1", 0],
      // A text handed beside the caught error to a helper that keeps the cause only at debug level.
      ["list_statements", "fallback-message/src/server.ts:7", "fallback-message/src/server.ts:7", "0/2", "1/1", 1],
      ["void_invoice", "fallback-message/src/server.ts:16", "fallback-message/src/server.ts:16", "0/2", "1/1", 0],
      // A fan-out whose items run under a deadline helper of another file; a failed item says so.
      ["search_each_query", "fan-out-deadline/src/server.ts:28", "fan-out-deadline/src/server.ts:28", "0/0", "0/1", 1],
      ["catalog_item", "field-pipeline/src/server.ts:8", "field-pipeline/src/server.ts:8", "0/0", "0/1", 1],
      // An answer helper of another file that returns the result another helper of its file makes.
      ["create_invoice", "forwarded-answer/src/server.ts:11", "forwarded-answer/src/server.ts:11", "0/0", "1/1", 1],
      ["delete_invoice", "forwarded-answer/src/server.ts:21", "forwarded-answer/src/server.ts:21", "2/2", "1/1", 0],
      // An error helper of another file that only hands its text to the one of a third file.
      ["search_catalog", "forwarding-helper/src/server.ts:9", "forwarding-helper/src/server.ts:9", "0/3", "0/0", 2],
      // Definitions of one shape in an imported list (one spread from another file), found with `tools.find(...)`.
      ["archive_report", "found-in-list/src/server.ts:8", "found-in-list/src/server.ts:8", "0/1", "0/0", 1],
      ["list_reports", "found-in-list/src/server.ts:8", "found-in-list/src/server.ts:8", "0/2", "0/0", 2],
      ["get_report", "found-in-list/src/server.ts:8", "found-in-list/src/server.ts:8", "0/1", "0/0", 1],
      // A definition frozen with `Object.freeze` under a union type, run through a narrowed `tool.run(...)`.
      ["package_changelog", "frozen-definitions/src/server.ts:8", "frozen-definitions/src/server.ts:8", "0/2", "0/1", 2],
      // openapi-fetch clients made by factories of another file: one unbounded, one with its own
      // fetch (unknown, not counted), and a call that passes its own signal.
      ["list_invoices", "generated-factory/src/server.ts:7", "generated-factory/src/server.ts:7", "0/0", "0/1", 1],
      ["refund_invoice", "generated-factory/src/server.ts:13", "generated-factory/src/server.ts:13", "0/0", "1/1", 0],
      // A handler made by a factory of another file (`createFindObjectsHandler(databaseId)`), named by no connector it calls.
      ["(unnamed)", "handler-factory/src/server.ts:9", "-", "0/1", "0/0", 2],
      // Each class that says it implements the interface a tool calls through.
      ["device_screenshot", "implements-interface/src/server.ts:12", "implements-interface/src/server.ts:12", "0/0", "0/2", 2],
      ["cancel_booking", "imported-error-envelope/src/server.ts:23", "imported-error-envelope/src/server.ts:23", "0/2", "0/0", 1],
      ["show_booking", "imported-error-envelope/src/server.ts:29", "imported-error-envelope/src/server.ts:29", "0/4", "0/0", 3],
      ["get_page", "imported-fetch/src/server.ts:6", "imported-fetch/src/server.ts:6", "0/1", "1/1", 1],
      ["get_forecast", "imported-function/src/server.ts:7", "imported-function/src/server.ts:7", "0/1", "0/1", 2],
      // The handler itself is imported: its location is in the other file.
      ["translate", "imported-handler/src/server.ts:7", "imported-handler/src/handlers/translate.ts:1", "0/1", "0/1", 3],
      // A dispatch table of another file: one tool per key.
      ["lookup_user", "imported-table/src/server.ts:7", "imported-table/src/server.ts:7", "0/0", "0/1", 1],
      ["list_teams", "imported-table/src/server.ts:7", "imported-table/src/server.ts:7", "0/0", "1/1", 0],
      // A store typed by an interface, implemented by the one constructed class that fits it.
      // A dispatcher injected through an interface member typed `typeof handleCallTool`, whose registry is filled with factory-made executors.
      ["(unnamed)", "injected-handlers/src/server.ts:12", "-", "1/2", "0/1", 2],
      ["search_docs", "interface-class/src/server.ts:8", "interface-class/src/server.ts:8", "0/1", "0/0", 1],
      // Tool definitions made by factories typed by one interface: each registration reaches its own factory's handler.
      ["read_record", "interface-factory/src/server.ts:15", "interface-factory/src/server.ts:15", "0/1", "1/1", 2],
      ["service_health", "interface-factory/src/server.ts:20", "interface-factory/src/server.ts:20", "0/0", "0/1", 1],
      // A definition in MCP's listing shape that a registry not in the project loads; its path reaches another file.
      // A JSON-RPC endpoint written by hand: its `tools/call` branch, named through the table of definitions it looks the tool up in.
      ["find_book", "json-rpc-endpoint/src/worker.ts:27", "json-rpc-endpoint/src/worker.ts:23", "0/0", "0/1", 1],
      ["ci_status", "listed-definitions/src/handlers/ci-status.ts:12", "listed-definitions/src/handlers/ci-status.ts:16", "0/0", "0/1", 1],
      ["lookup_order", "listed-tool-definitions/src/server.ts:7", "listed-tool-definitions/src/server.ts:7", "0/1", "1/1", 1],
      ["search", "low-level-dispatch/src/server.ts:7", "low-level-dispatch/src/server.ts:7", "0/1", "1/1", 1],
      // A map a loop over imported lists of definitions fills (`handlers.set(tool.name, tool.handler)`), read by the dispatcher.
      ["get_earnings", "map-of-definitions/src/server.ts:15", "map-of-definitions/src/server.ts:15", "0/0", "1/1", 1],
      ["get_quote", "map-of-definitions/src/server.ts:15", "map-of-definitions/src/server.ts:15", "0/0", "0/1", 1],
      // Callbacks a class hands to its own `request` method: only those of the methods a tool calls are on its path.
      ["list_boards", "method-callbacks/src/server.ts:7", "method-callbacks/src/server.ts:7", "0/1", "1/1", 1],
      // A package with its own tsconfig inside a root tsconfig's project.
      ["city_forecast", "nested-package/packages/weather/src/server.ts:6", "nested-package/packages/weather/src/server.ts:6", "0/0", "0/1", 1],
      ["get_alerts", "object-member/src/server.ts:7", "object-member/src/server.ts:7", "0/0", "0/1", 1],
      // Tools of a registry run with an output object: a thrown text becomes the error's text, a caught one a line.
      ["run_audit", "output-object/src/server.ts:26", "output-object/src/server.ts:26", "0/0", "1/1", 1],
      ["open_page", "output-object/src/server.ts:26", "output-object/src/server.ts:26", "0/0", "1/1", 1],
      // A function a package's wrapper was handed (`withTelemetry(publishImpl)`), the package not installed.
      ["skill_publish", "package-wrapper/src/server.ts:7", "package-wrapper/src/server.ts:7", "0/0", "0/1", 1],
      // A function of another file that hands its options to execFileSync: checked at each call.
      // A call of a function that hands its options to execFileSync is an outside call of its own,
      // as require-timeout sees it: the inventory and the rule give one answer.
      ["describe_pod", "pass-through/src/server.ts:7", "pass-through/src/server.ts:7", "0/0", "0/2", 1],
      ["list_pods", "pass-through/src/server.ts:12", "pass-through/src/server.ts:12", "0/0", "2/3", 0],
      // Classes that fit the dispatcher's interface, whose instances it keeps in an array of that type.
      ["publish_draft", "placed-instances/src/server.ts:18", "placed-instances/src/server.ts:18", "0/0", "0/1", 1],
      ["read_draft", "placed-instances/src/server.ts:18", "placed-instances/src/server.ts:18", "0/0", "0/1", 1],
      // Literals written with no type, made entries by the list they are placed in: the dispatcher reaches their handlers.
      ["get_swell", "placed-literals/src/server.ts:9", "placed-literals/src/server.ts:9", "0/0", "0/1", 1],
      // The same callback field, typed by a dependency that is not installed: the provider's generic signature.
      ["track_parcel", "provider-untyped/src/server.ts:10", "provider-untyped/src/server.ts:10", "0/1", "0/0", 1],
      // A lookup run through a queue of another file whose signature gives back what the task returns.
      ["customer_balance", "queued-lookup/src/server.ts:7", "queued-lookup/src/server.ts:7", "0/0", "1/1", 1],
      ["get_issue", "re-export/src/server.ts:7", "re-export/src/server.ts:7", "0/0", "0/1", 1],
      ["ping_host", "register-function/src/tools/ping.ts:6", "register-function/src/tools/ping.ts:6", "0/0", "0/1", 1],
      // Registry members made by wrapper calls, over a union of collections: named after `title`.
      ["list_notes", "registry-collections/src/server.ts:10", "-", "0/0", "0/1", 1],
      ["pin_note", "registry-collections/src/server.ts:10", "-", "0/0", "0/0", 0],
      ["hold_order", "registry-collections/src/server.ts:10", "-", "0/0", "1/1", 1],
      // Class registries a dispatcher asks for the tool called: one row per list entry, named after its definition.
      ["get_tides", "registry-entries/src/server.ts:10", "registry-entries/src/server.ts:10", "0/0", "0/1", 1],
      ["get_storm_warnings", "registry-entries/src/server.ts:10", "registry-entries/src/server.ts:10", "0/0", "1/1", 1],
      ["list_loans", "registry-map/src/server.ts:12", "registry-map/src/server.ts:12", "0/0", "0/1", 1],
      ["renew_loan", "registry-map/src/server.ts:12", "registry-map/src/server.ts:12", "0/1", "1/1", 1],
      ["count_books", "registry-map/src/server.ts:12", "registry-map/src/server.ts:12", "0/0", "0/0", 1],
      // A loop over Object.values() of tool modules; `execute: run` is not named like the
      // registration's `tool.execute`, so its handler is not placed (its path is followed).
      ["find_city", "registry-modules/src/server.ts:8", "registry-modules/src/tools/city.ts:7", "0/0", "0/1", 1],
      ["get_weather", "registry-modules/src/server.ts:8", "-", "0/0", "0/2", 2],
      // One registration in a loop over a registry: one entry per tool, each with its handler.
      ["refund_order", "registry/src/server.ts:10", "registry/src/tools/refund.ts:6", "0/1", "0/0", 1],
      ["search_orders", "registry/src/server.ts:10", "registry/src/tools/search.ts:6", "0/0", "0/1", 1],
      // JavaScript modules required into a list, each exporting its own { name, config, handler }: one tool per module, named after its `name`.
      ["list_shelf", "required-modules/src/tools/index.js:6", "required-modules/src/tools/list-shelf.js:3", "0/1", "0/1", 2],
      ["restock", "required-modules/src/tools/index.js:6", "required-modules/src/tools/restock.js:3", "0/2", "1/1", 2],
      // Its browser tools are functions typed to return the project's own result type, run by no registration here.
      ["ping", "result-type/src/server.ts:5", "result-type/src/server.ts:5", "0/0", "0/0", 0],
      // A JavaScript dispatcher that finds its route in a field of the class written with lists of routes.
      ["(unnamed)", "routed-classes/src/server.js:21", "routed-classes/src/server.js:21", "0/4", "1/1", 5],
      // A dispatcher in a callback of a shared request function, with runners of another file inside.
      ["(unnamed)", "runner-callback/src/server.ts:31", "runner-callback/src/server.ts:31", "1/5", "1/1", 4],
      // A dispatcher built from options that name the server (`{ name, version, tools }`): the
      // server's name is no tool's, so the dispatcher stays unnamed.
      ["(unnamed)", "server-options/src/serve.ts:18", "server-options/src/serve.ts:18", "1/1", "0/1", 1],
      // Tools registered through methods of the project's own McpServer subclass; catches answer
      // through a method its base class (another file) declares, and through a class that builds the result.
      ["(unnamed)", "server-subclass/src/notes-mcp-server.ts:23", "server-subclass/src/notes-mcp-server.ts:23", "0/0", "0/0", 0],
      ["notes-create", "server-subclass/src/tools/notes.ts:12", "server-subclass/src/tools/notes.ts:12", "0/0", "0/0", 1],
      ["notes-get", "server-subclass/src/tools/notes.ts:13", "server-subclass/src/tools/notes.ts:13", "0/1", "0/0", 1],
      ["notes-archive", "server-subclass/src/tools/notes.ts:14", "server-subclass/src/tools/notes.ts:14", "0/0", "0/0", 1],
      // A runner of another file that both tools call: only its own callback's throw leaves record_status,
      // not what look_up_record's callback (inside its catch) throws.
      ["record_status", "shared-runner/src/server.ts:10", "shared-runner/src/server.ts:10", "0/1", "1/1", 1],
      ["look_up_record", "shared-runner/src/server.ts:18", "shared-runner/src/server.ts:18", "1/1", "1/1", 0],
      // Defined in one package, registered by a sibling package's helper, through its index.
      ["stock_quote", "sibling-registration/packages/toolkit/src/serve.ts:8", "sibling-registration/packages/toolkit/src/serve.ts:8", "0/0", "0/1", 1],
      // Options spread from the callers' arguments: bounded as the callers' are (one of three passes a signal).
      ["get_order", "spread-options/src/server.ts:8", "spread-options/src/server.ts:8", "0/0", "0/1", 1],
      ["cancel_order", "spread-options/src/server.ts:13", "spread-options/src/server.ts:13", "0/0", "0/1", 1],
      ["get_rates", "spread-options/src/server.ts:18", "spread-options/src/server.ts:18", "0/0", "1/4", 3],
      // A dispatch table put together from what factories of other files return: one tool per key.
      ["trash_note", "spread-table/src/server.ts:17", "spread-table/src/server.ts:17", "0/0", "0/1", 1],
      ["find_notes", "spread-table/src/server.ts:17", "spread-table/src/server.ts:17", "0/1", "1/1", 1],
      ["rename_tag", "spread-table/src/server.ts:17", "spread-table/src/server.ts:17", "0/0", "0/1", 1],
      // A dispatcher's table written in its own file, naming handlers imported from modules of their own.
      ["generate_report", "table-of-imports/src/server.ts:8", "table-of-imports/src/server.ts:8", "1/1", "1/2", 1],
      ["get_member", "table-of-imports/src/server.ts:8", "table-of-imports/src/server.ts:8", "0/0", "0/1", 1],
      ["list_votes", "table-of-imports/src/server.ts:8", "table-of-imports/src/server.ts:8", "0/0", "1/1", 1],
      // A table of operation tables: the tool looks up a service, then one of its operations.
      ["call_backoffice", "table-of-tables/src/server.ts:16", "table-of-tables/src/server.ts:19", "2/2", "1/3", 2],
      // An error result whose content a function of another file makes of the texts it is given.
      ["drop_record", "text-builder/src/server.ts:7", "text-builder/src/server.ts:7", "0/1", "1/1", 1],
      ["archive_record", "text-builder/src/server.ts:18", "text-builder/src/server.ts:18", "0/2", "1/1", 1],
      // A value typed as fetch.
      // A service whose contract is a type alias of an object type, implemented by a class of another file.
      ["open_tickets", "type-alias-service/src/tools/list-tickets.ts:6", "type-alias-service/src/tools/list-tickets.ts:6", "0/1", "0/1", 2],
      ["service_status", "typed-fetch-value/src/server.ts:6", "typed-fetch-value/src/server.ts:6", "0/0", "1/2", 1],
      ["service_page", "typed-fetch-value/src/server.ts:14", "typed-fetch-value/src/server.ts:14", "0/0", "0/1", 1],
      // A response typed as fetch's, from a helper of another file, turned into text.
      ["forecast_report", "typed-response/src/server.ts:7", "typed-response/src/server.ts:7", "1/1", "1/1", 1],
      // Definitions whose types are \`any\` (built from a dependency that is not installed), found by the names they are declared with.
      ["pollen_count", "untyped-definitions/src/server.ts:18", "untyped-definitions/src/server.ts:18", "0/0", "0/1", 1],
      ["sunrise_times", "untyped-definitions/src/server.ts:18", "untyped-definitions/src/server.ts:18", "0/0", "0/1", 1],
      // A FastMCP tool calls a function of another file: what that function returns is no answer of its own.
      ["whoami", "value-callee/src/server.ts:6", "value-callee/src/server.ts:9", "0/1", "0/1", 1],
      // A table of another file whose values are imported, each wrapped by a factory a barrel re-exports.
      // Registry entries registered in loops inside wrappers of another file, named after their
      // `name`; the entry behind `withToolErrors` has its throw converted by the wrapper.
      // A fetch made by a wrapper of another file that hands the options on: the call without a signal is unbounded.
      ["list_tickets", "wrapped-fetch/src/server.ts:8", "wrapped-fetch/src/server.ts:8", "0/0", "0/1", 1],
      ["close_ticket", "wrapped-fetch/src/server.ts:13", "wrapped-fetch/src/server.ts:13", "0/0", "1/1", 0],
      ["manage_memos", "wrapped-registry-loop/src/server.ts:10", "-", "0/1", "1/2", 2],
      ["archive_memo", "wrapped-registry-loop/src/server.ts:14", "-", "0/0", "0/1", 1],
      ["pipeline_status", "wrapped-table/src/server.ts:11", "-", "0/1", "0/1", 2],
      ["rerun_job", "wrapped-table/src/server.ts:11", "-", "0/1", "0/1", 2],
      // A wrapper of another file that catches: its throws do not escape, and the wrapper's own
      // (classified) error result is on the tool's path.
      ["read_note", "wrapper/src/server.ts:7", "wrapper/src/server.ts:10", "1/1", "0/0", 0],
      ["delete_note", "wrapper/src/server.ts:16", "wrapper/src/server.ts:19", "0/1", "0/0", 1],
      // One that catches only to record the failure and rethrow it lets it through: the handler's
      // throw, and the rethrow, where what a library throws leaves the tool.
      ["archive_note", "wrapper/src/server.ts:25", "wrapper/src/server.ts:28", "0/2", "0/0", 2],
      // A gate of another file that hands back the handler it is given: no catch around it.
      ["restore_note", "wrapper/src/server.ts:34", "wrapper/src/server.ts:37", "0/1", "0/0", 1],
      // One that turns every failure into an McpError: its throw is on the tool's path too.
      ["star_note", "wrapper/src/server.ts:43", "wrapper/src/server.ts:46", "0/3", "0/0", 2],
      // A use case that wraps what its service threw, message carried on: the service's throw counts too.
      ["record_invoice", "wrapping-use-case/src/server.ts:11", "wrapping-use-case/src/server.ts:11", "0/2", "0/0", 2],
      ["get_rate", "wrapping-use-case/src/server.ts:16", "wrapping-use-case/src/server.ts:16", "0/2", "1/1", 1],
    ]);
  });

  it("lists the same registrations without types, and says which handlers it could not follow", () => {
    expect(syntactic.mode).toMatchObject({ typed: false, reason: "--no-types" });
    expect(syntactic.tools.map((tool) => [tool.name ?? "(unnamed)", tool.handlerUnresolved])).toEqual([
      ["(unnamed)", false],
      ["get_ticket", false],
      ["ticket_history", false],
      ["ticket_summary", false],
      ["find_paper", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["list_catalog_products", false],
      ["search_code", false],
      ["(unnamed)", false],
      ["export_journal", false],
      ["journal_months", false],
      ["station_status", false],
      ["git_log", false],
      ["git_remote", false],
      ["(unnamed)", false],
      ["web_search", false],
      ["(unnamed)", false],
      ["take_snapshot", false],
      ["(unnamed)", false],
      ["lookup-station", false],
      ["(unnamed)", false],
      ["(unnamed)", true],
      ["(unnamed)", false],
      ["export_report", false],
      ["account_history", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["search_contacts", false],
      ["(unnamed)", false],
      ["get_product", false],
      ["read_module", false],
      ["query_docs", false],
      ["search_topics", false],
      ["changelog", false],
      ["list_statements", false],
      ["void_invoice", false],
      ["search_each_query", false],
      ["catalog_item", false],
      ["create_invoice", false],
      ["delete_invoice", false],
      ["search_catalog", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["list_invoices", false],
      ["refund_invoice", false],
      ["(unnamed)", true],
      ["device_screenshot", false],
      ["cancel_booking", false],
      ["show_booking", false],
      ["get_page", false],
      ["get_forecast", false],
      ["translate", true],
      ["(unnamed)", false],
      ["(unnamed)", true],
      ["search_docs", false],
      ["read_record", false],
      ["service_health", false],
      ["(unnamed)", false],
      ["ci_status", false],
      ["(unnamed)", false],
      ["search", false],
      ["(unnamed)", false],
      ["list_boards", false],
      ["city_forecast", false],
      ["get_alerts", false],
      ["(unnamed)", false],
      ["skill_publish", false],
      ["describe_pod", false],
      ["list_pods", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["customer_balance", false],
      ["get_issue", false],
      ["ping_host", false],
      ["(unnamed)", true],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["(unnamed)", true],
      ["(unnamed)", true],
      // required-modules: the loop's handler is one of the modules' exports, which only types tell.
      ["(unnamed)", true],
      ["ping", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["(unnamed)", false],
      ["record_status", false],
      ["look_up_record", false],
      ["(unnamed)", false],
      ["get_order", false],
      ["cancel_order", false],
      ["get_rates", false],
      ["(unnamed)", false],
      // A dispatcher whose table names handlers imported from modules of their own: for the index.
      ["(unnamed)", false],
      ["call_backoffice", false],
      ["drop_record", false],
      ["archive_record", false],
      ["open_tickets", false],
      ["service_status", false],
      ["service_page", false],
      ["forecast_report", false],
      ["(unnamed)", false],
      ["whoami", false],
      ["list_tickets", false],
      ["close_ticket", false],
      ["(unnamed)", true],
      // Registry entries registered in loops, inside wrappers of another file: for the index.
      ["(unnamed)", true],
      ["(unnamed)", true],
      ["read_note", false],
      ["delete_note", false],
      ["archive_note", false],
      ["restore_note", false],
      ["star_note", false],
      ["record_invoice", false],
      ["get_rate", false],
    ]);
    // Findings of other files are out of sight: the counts stay within each registration's file
    // (nine: create_board's `handleError`, the output-object runner's error result, the
    // runner-callback dispatcher's rethrow, the destructured-config and found-in-list
    // dispatchers' unknown-tool results, the routed-classes dispatcher's result for a name no
    // route takes, get_rate's McpError and the two chosen-failure-message error results, are in
    // the files that register them).
    expect(syntactic.tools.reduce((sum, tool) => sum + tool.findings, 0)).toBe(9);
  });

  it("attributes each finding to the tools whose path it is on", () => {
    const byTool = new Map<string, string[]>();
    for (const finding of typed.findings) {
      for (const tool of finding.tools) byTool.set(tool, [...(byTool.get(tool) ?? []), `${finding.file}:${String(finding.line)} ${finding.ruleId ?? ""}`]);
    }
    expect(byTool.get("refund_order")).toEqual(["registry/src/tools/refund.ts:8 mcp-errors/require-error-classification"]);
    expect(byTool.get("translate")?.every((where) => where.startsWith("imported-handler/src/handlers/translate.ts:"))).toBe(true);
    // An unnamed handler's findings name no tool.
    for (const tool of typed.tools) if (tool.name !== undefined) expect(byTool.get(tool.name)?.length ?? 0).toBe(tool.findings);
  });
});

describe("resilience scorecard", () => {
  let result: AnalyzeResult;
  beforeAll(async () => {
    result = await analyze({ cwd: SCORECARD_FIXTURE, types: false });
  }, 60_000);

  const card = (name: string): Scorecard | undefined => result.tools.find((tool) => tool.name === name)?.scorecard;

  it("counts retries with backoff and jitter", () => {
    expect(card("search_docs")).toEqual<Scorecard>({
      timeouts: { calls: 2, withTimeout: 2 },
      // One loop waits `200 * 2 ** attempt * (0.5 + Math.random())`, the other a constant 500 ms.
      retries: { retries: 2, withBackoff: 1, withJitter: 1, unread: 0 },
      circuitBreaker: { calls: 0 },
      partialResults: "n/a",
      // Two `throw error` for TypeErrors and the final error result, none classified.
      classified: { errorPaths: 3, classified: 0 },
      // The retry catches rethrow what they do not retry: they hand failures on, and are not counted.
      logged: "n/a",
    });
  });

  it("finds calls through an opossum breaker and a cockatiel policy", () => {
    // The outside call runs inside the breaker, off the tool's path: no outside call to count.
    expect(card("get_weather")).toEqual<Scorecard>({
      timeouts: "n/a",
      retries: "n/a",
      circuitBreaker: { calls: 1 },
      partialResults: "n/a",
      classified: "n/a",
      logged: "n/a",
    });
    expect(card("get_quote")).toMatchObject<Partial<Scorecard>>({ timeouts: { calls: 2, withTimeout: 1 }, circuitBreaker: { calls: 1 } });
  });

  it("tells partial-result fan-outs from all-or-nothing ones", () => {
    expect(card("fetch_pages")).toMatchObject<Partial<Scorecard>>({
      timeouts: { calls: 2, withTimeout: 2 },
      partialResults: { fanOuts: 2, partial: 1 },
      circuitBreaker: { calls: 0 },
    });
  });

  it("counts the catches that stop a failure, and those that log it", () => {
    expect(card("lookup_user")).toEqual<Scorecard>({
      timeouts: { calls: 3, withTimeout: 2 },
      retries: "n/a",
      circuitBreaker: { calls: 0 },
      partialResults: "n/a",
      // The audit call's wrapped rethrow reaches the framework; the error result is classified.
      classified: { errorPaths: 2, classified: 1 },
      // The rethrowing catch hands the failure on and is not counted; the avatar's catch drops its failure unlogged.
      logged: { catches: 2, logged: 1, handedOn: 0 },
    });
  });

  it("shows the scorecard as a table in the markdown report and in the terminal", async () => {
    const markdown = formatMarkdown(result);
    const section = markdown.slice(markdown.indexOf("#### Resilience"), markdown.indexOf("<details>"));
    await expect(section).toMatchFileSnapshot("__snapshots__/scorecard.md");
    const text = FORMATTERS.stylish(result, { color: false });
    expect(text).toContain("Resilience (✓ all of them");
    expect(text).toMatch(/^ {2}get_weather +– +– +✓ +– +– +–$/mu);
  });
});
