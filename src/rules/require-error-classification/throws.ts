/**
 * Which throws leave a tool with no classification the agent can read: not an error class the
 * project classifies itself, not a protocol error (no-protocol-error-in-tool's report), not a
 * FastMCP UserError with classified extras, not a rethrow of what a callee threw.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type McpModel,
  classifiesMcpErrors,
  madeErrorClass,
  protocolThrow,
  caughtRethrow,
  testedClass,
  readableObjects,
  type ThrowSite,
  type ToolHandler,
  heldConstruction,
} from "../../model/index.js";
import type { Vocabulary } from "../../settings.js";
import { alwaysExits } from "../shared/external-failures.js";
import {
  calleeName,
  findProperty,
  isCancelledTest,
  isFunctionNode,
  isPlainErrorName,
  mentionsName,
  returnedValues,
  someOwnNode,
  staticKeyName,
  topLevelFunctions,
  unwrap,
} from "../../util/ast.js";

/** The handler whose framework decides what the throw becomes, and the class the throw builds. */
export interface UnclassifiedThrow {
  readonly handler: ToolHandler;
  readonly className: string | undefined;
}

/** The throw escapes a tool unclassified; undefined when it carries (or may carry) a classification. */
export function unclassifiedThrow(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  site: ThrowSite,
  classified: ReadonlySet<string>,
  vocabulary: Vocabulary,
  /** The class its own file's model read for the throw, when the throw is in another file (a wrap on the way out). */
  readElsewhere?: string,
): UnclassifiedThrow | undefined {
  const handler = site.handlers[0];
  if (!handler || handler.thrown === "unknown" || onlyWhenCancelled(sourceCode, site.node)) return undefined;
  // `const failure = new Error(...); failure.details = { path }; throw failure`: judged as the construction.
  const held = heldConstruction(sourceCode, unwrap(site.node.argument), AST_NODE_TYPES.ThrowStatement, (name, value) =>
    untoldProperty(name, value, vocabulary),
  );
  const argument = held ?? unwrap(site.node.argument);
  // `throw ApplicationErrors.invalidInput(message)`: a factory that builds an error of a known class.
  const made =
    argument.type === AST_NODE_TYPES.CallExpression
      ? (madeErrorClass(sourceCode, argument, model.types) ?? madeElsewhere(argument, readElsewhere))
      : undefined;
  const className =
    argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression ? (made ?? calleeName(argument)) : undefined;
  if (className !== undefined && classified.has(className)) return undefined;
  // A thrown McpError / ProtocolError of the SDK is no-protocol-error-in-tool's report, with
  // the framework's own handling of it in the message: one report per line.
  if (protocolThrow(sourceCode, model.importedFrom, site.node)) return undefined;
  // mcp-ts-core's own McpError: the framework puts its code (NotFound, RateLimited, ...) in structuredContent.
  if (className === "McpError" && argument.type === AST_NODE_TYPES.NewExpression && argument.callee.type === AST_NODE_TYPES.Identifier) {
    if (classifiesMcpErrors(model.importedFrom.get(argument.callee.name))) return undefined;
  }
  // FastMCP `UserError(message, extras)`: extras become structuredContent.
  if (
    className === "UserError" &&
    handler.framework === "fastmcp" &&
    (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression)
  ) {
    const extras = argument.arguments[1] ? readableObjects(sourceCode, argument.arguments[1]) : undefined;
    if (argument.arguments[1] && !extras) return undefined;
    const has = (field: string): boolean => extras?.some((object) => findProperty(object, field)) ?? false;
    if (has(vocabulary.category) && has(vocabulary.retryable)) return undefined;
  }
  // Rethrowing what a callee threw may carry its classification; only literal constructions are known.
  if (argument.type === AST_NODE_TYPES.Identifier || argument.type === AST_NODE_TYPES.MemberExpression) {
    const rethrow = caughtRethrow(sourceCode, site.node);
    // A rethrow sends on what its try threw. Narrowed to a class (`if (e instanceof McpError) throw
    // e`), those errors are judged where they are thrown. Wrapped further out into a protocol
    // error, they are that wrap's defect (no-protocol-error-in-tool's); by a catch that sorts
    // errors by class, what they become is unknown. A wrap that carries their message on is
    // judged below, as for any throw.
    if (!rethrow || rethrow.narrowedTo !== undefined || site.wraps.some((wrap) => !wrap.site || protocolThrow(sourceCode, model.importedFrom, wrap.site)))
      return undefined;
    if (passesOnlyNonErrors(site.node) || rethrownFurtherOut(sourceCode, site.node)) return undefined;
  }
  if (argument.type === AST_NODE_TYPES.CallExpression && made === undefined && !isPlainErrorName(calleeName(argument))) return undefined;
  if (hiddenByWrap(sourceCode, model, site, classified, vocabulary)) return undefined;
  return { handler, className };
}

/** Names of properties that may say what kind of failure it is, or whether to retry. */
const CLASSIFYING = /code|categor|type|kind|class|retr|status|transient|permanent|severity|reason/i;

/**
 * A property set on an error that says nothing of its kind: not a field of the vocabulary nor
 * named like one (`code`, `status`, `retryable`, ...), and not an object written in place with
 * such a field (`error.details = { request, response }`, `error.originalError = error`).
 */
function untoldProperty(name: string, value: TSESTree.Node, vocabulary: Vocabulary): boolean {
  if (name === vocabulary.category || name === vocabulary.retryable || CLASSIFYING.test(name)) return false;
  const written = unwrap(value);
  if (written.type !== AST_NODE_TYPES.ObjectExpression) return true;
  return written.properties.every((p) => {
    const key = p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined;
    return key !== undefined && key !== vocabulary.category && key !== vocabulary.retryable && !CLASSIFYING.test(key);
  });
}

/**
 * `if (signal.aborted) throw error`: a throw taken only once the client cancelled the request, which
 * is answered to no one (a server does not respond to a cancelled request). The signal is one the
 * function was handed (`ctx.signal`, a `signal` parameter); one of its own (`this.abortController`,
 * a process it stopped) says nothing of the request.
 */
function onlyWhenCancelled(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.ThrowStatement): boolean {
  let child: TSESTree.Node = statement;
  for (let current: TSESTree.Node | undefined = statement.parent; current && !isFunctionNode(current); child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.IfStatement && current.consequent === child && isCancelledTest(sourceCode, current.test)) return true;
  }
  return false;
}

/**
 * A catch on the way out wrapped the error into another and threw that, which is judged at its
 * own site. The error inside is no longer seen when the wrap carries a classification, or when
 * the wrap drops it (`if (e instanceof NotFound) throw new Error("...")`, the caught error unread):
 * the fix goes at the wrap, one defect, one finding. A wrap that carries its message on
 * (`new Error(\`Lookup failed: ${e.message}\`)`) still hands the model this throw's text. A wrap
 * into a protocol error is `no-protocol-error-in-tool`'s and classifies nothing.
 */
function hiddenByWrap(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  site: ThrowSite,
  classified: ReadonlySet<string>,
  vocabulary: Vocabulary,
): boolean {
  return site.wraps.some((wrap) => {
    if (!wrap.site) return wrap.as !== undefined && classified.has(wrap.as);
    if (protocolThrow(sourceCode, model.importedFrom, wrap.site)) return false;
    if (wrap.drops === true || dropsCaught(sourceCode, wrap.site)) return true;
    return !unclassifiedThrow(sourceCode, model, { node: wrap.site, handlers: site.handlers, wraps: [] }, classified, vocabulary, wrap.as);
  });
}

/**
 * The class a factory call in another file builds, as that file's model read it: this file's
 * scopes and type map cannot resolve the call (`throw ApplicationErrors.executionFailed(...)` in
 * the use case that wraps what a service threw). The model falls back to the callee's own name
 * where it could not tell the class, which says nothing here.
 */
function madeElsewhere(call: TSESTree.CallExpression, read: string | undefined): string | undefined {
  return read !== undefined && read !== calleeName(call) ? read : undefined;
}

/** The wrap's throw does not read the error its catch caught (`throw new Error("Not Found")`). */
function dropsCaught(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.ThrowStatement): boolean {
  let clause: TSESTree.Node | undefined = statement.parent;
  while (clause && clause.type !== AST_NODE_TYPES.CatchClause) {
    if (isFunctionNode(clause)) return false;
    clause = clause.parent;
  }
  const param = clause?.type === AST_NODE_TYPES.CatchClause ? clause.param : undefined;
  if (param?.type !== AST_NODE_TYPES.Identifier || clause?.type !== AST_NODE_TYPES.CatchClause) return param === null;
  // `const message = error?.message || String(error)`, then `new Error(\`Query failed: ${message}\`)`: the wrap reads it.
  const names = new Set([param.name]);
  for (const s of clause.body.body) {
    if (s.type !== AST_NODE_TYPES.VariableDeclaration || s.kind !== "const") continue;
    for (const d of s.declarations)
      if (d.id.type === AST_NODE_TYPES.Identifier && d.init && mentionsName(sourceCode, d.init, names, "subtree")) names.add(d.id.name);
  }
  return !mentionsName(sourceCode, statement.argument, names, "subtree") || factoryDropsText(sourceCode, statement.argument, names);
}

/**
 * `throw buildPersistenceError(input.uri, error)`, whose factory of the wrap's file builds `new
 * AppError(\`Failed to record ${uri}.\`, "PERSIST_FAILED", 503, { cause: error.message })`: the
 * caught error goes into the new error, but not into its message, which is all the model reads.
 */
function factoryDropsText(sourceCode: Readonly<TSESLint.SourceCode>, thrown: TSESTree.Expression, names: ReadonlySet<string>): boolean {
  const call = unwrap(thrown);
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Identifier) return false;
  const name = call.callee.name;
  // A function of the wrap's own file, which may not be this one.
  const factory = topLevelFunctions(call).get(name);
  if (!factory) return false;
  // The factory's parameters that receive the caught error.
  const received = new Set<string>();
  call.arguments.forEach((argument, index) => {
    const param = factory.params[index];
    if (mentionsName(sourceCode, argument, names, "subtree") && param?.type === AST_NODE_TYPES.Identifier) received.add(param.name);
  });
  const values = returnedValues(factory);
  return (
    received.size > 0 &&
    values.length > 0 &&
    values.every((value) => {
      const made = value ? unwrap(value) : undefined;
      const message = made?.type === AST_NODE_TYPES.NewExpression ? made.arguments[0] : undefined;
      return message !== undefined && message.type !== AST_NODE_TYPES.SpreadElement && !mentionsName(sourceCode, message, received, "subtree");
    })
  );
}

/**
 * `catch (e) { if (e instanceof Error) throw new Error(`Search failed: ${e.message}`); throw e; }`:
 * past a test that sends every `Error` elsewhere, the rethrow passes on only values that are no
 * Error (a thrown string), judged where they are thrown; the wrap above is the finding.
 */
function passesOnlyNonErrors(statement: TSESTree.ThrowStatement): boolean {
  const block = statement.parent;
  const clause = block.parent;
  if (block.type !== AST_NODE_TYPES.BlockStatement || clause?.type !== AST_NODE_TYPES.CatchClause || clause.param?.type !== AST_NODE_TYPES.Identifier)
    return false;
  const param = clause.param.name;
  return block.body
    .slice(0, block.body.indexOf(statement))
    .some((s) => s.type === AST_NODE_TYPES.IfStatement && !s.alternate && testedClass(unwrap(s.test), param) === "Error" && alwaysExits(s.consequent));
}

/**
 * A rethrow inside the try of an outer catch that rethrows again (`try { try { ... } catch (e) {
 * record(e); throw e; } } catch (err) { log(err); throw err; }`): the error leaves at the outer
 * rethrow, one defect, one finding there.
 */
function rethrownFurtherOut(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.ThrowStatement): boolean {
  const rethrows = (node: TSESTree.Node): boolean => {
    if (node.type !== AST_NODE_TYPES.ThrowStatement) return false;
    const rethrow = caughtRethrow(sourceCode, node);
    return rethrow !== undefined && rethrow.narrowedTo === undefined;
  };
  let child: TSESTree.Node = statement;
  for (let current: TSESTree.Node | undefined = statement.parent; current && !isFunctionNode(current); child = current, current = current.parent) {
    if (
      current.type === AST_NODE_TYPES.TryStatement &&
      current.block === child &&
      current.handler &&
      someOwnNode(sourceCode, current.handler.body, rethrows)
    )
      return true;
  }
  return false;
}
