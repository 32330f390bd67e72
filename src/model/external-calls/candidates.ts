/**
 * A cheap syntactic filter run before the real classification of a call: which calls may leave the
 * process at all (`fetch`, an imported name, a configured client, a method name an HTTP client or
 * child_process has), and which local names are promisified child_process functions.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { calleeName, unwrap } from "../../util/ast.js";
import { isOpenapiFetchMethod } from "./generated.js";

const CLIENT_METHODS = new Set([
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "head",
  "options",
  "request",
  "postForm",
  "putForm",
  "patchForm",
  "stream",
  "paginate",
  "exec",
  "execFile",
  "spawn",
  "execSync",
  "execFileSync",
  "spawnSync",
  "fork",
  "fetch",
]);

const GENERATED_CLIENTS = new Set(["openapi-client-axios", "openapi-fetch"]);
const generatedImports = new WeakMap<ReadonlyMap<string, string>, boolean>();

/** The file imports a generator of OpenAPI clients, whose operations may have any name (read once per import map). */
function importsGeneratedClient(imported: ReadonlyMap<string, string>): boolean {
  let answer = generatedImports.get(imported);
  if (answer === undefined) generatedImports.set(imported, (answer = [...imported.values()].some((source) => GENERATED_CLIENTS.has(source))));
  return answer;
}

/**
 * A cheap syntactic filter run before the real classification: the callee is `fetch`, an
 * imported name, a configured client, or a method name an HTTP client or child_process has.
 */
export function mayLeaveProcess(
  call: TSESTree.CallExpression,
  imported: ReadonlyMap<string, string>,
  clients: ReadonlySet<string>,
  promisified: ReadonlySet<string>,
): boolean {
  const callee = call.callee;
  if (callee.type === AST_NODE_TYPES.Identifier) {
    const name = callee.name;
    return name === "fetch" || imported.has(name) || clients.has(name) || promisified.has(name);
  }
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier) {
    const name = callee.property.name;
    // `client.GET(path)`: openapi-fetch's methods, also on a client a factory of another file made.
    return CLIENT_METHODS.has(name) || isOpenapiFetchMethod(name) || clients.size > 0 || importsGeneratedClient(imported);
  }
  // `api[operation](params)` on a generated client.
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.computed) {
    return unwrap(callee.object).type === AST_NODE_TYPES.Identifier && importsGeneratedClient(imported);
  }
  return false;
}

/** Names bound to `promisify(...)` results (`const execAsync = promisify(exec)`). */
export function promisifiedNames(calls: readonly TSESTree.CallExpression[]): Set<string> {
  const names = new Set<string>();
  for (const call of calls) {
    const parent = call.parent;
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier && calleeName(call) === "promisify") {
      names.add(parent.id.name);
    }
  }
  return names;
}
