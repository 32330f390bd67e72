/**
 * Error classes that carry a payload to a catch that answers with it: `throw new UserFacingError({
 * error: "The date range is reversed" })` in a tool, and a wrapper's `catch (e) { if (e instanceof
 * UserFacingError) return { isError: true, content: [{ type: "text", text: JSON.stringify(e.details)
 * }] } }`. The result's payload is whatever the constructions pass for that field: read where the
 * class is constructed (this file, or, with types, the whole project through the index). Unknown
 * unless every construction passes an object literal the reader can see.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import { enclosingCatch, findVariable, forEachChild, hasSpread, memberName, unwrap } from "../util/ast.js";
import { testedClass } from "./catch-tests.js";
import type { Payload } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** The literals a carrier's constructions pass, and which class and field carry them. */
export interface Carried {
  readonly objects: TSESTree.ObjectExpression[];
  readonly carrier: NonNullable<Payload["carrier"]>;
}

/** Imported classes' carried payloads, by `Class.field`: the object literal of every construction. */
export type CarriedPayloads = ReadonlyMap<string, readonly TSESTree.ObjectExpression[]>;

/**
 * The fields a class's constructor sets from its parameters, with the parameter's position:
 * `constructor(public details: Payload)` and `constructor(details) { this.details = details }`.
 */
export function carrierFields(cls: ClassNode): Map<string, number> {
  const fields = new Map<string, number>();
  const constructor = cls.body.body.find(
    (member): member is TSESTree.MethodDefinition => member.type === AST_NODE_TYPES.MethodDefinition && member.kind === "constructor",
  );
  if (!constructor) return fields;
  const names = new Map<string, number>();
  constructor.value.params.forEach((param, index) => {
    const id = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
    if (id.type !== AST_NODE_TYPES.Identifier) return;
    names.set(id.name, index);
    if (param.type === AST_NODE_TYPES.TSParameterProperty) fields.set(id.name, index);
  });
  for (const statement of constructor.value.body?.body ?? []) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement || statement.expression.type !== AST_NODE_TYPES.AssignmentExpression) continue;
    const { left, right } = statement.expression;
    const index = right.type === AST_NODE_TYPES.Identifier ? names.get(right.name) : undefined;
    const field = left.type === AST_NODE_TYPES.MemberExpression && left.object.type === AST_NODE_TYPES.ThisExpression ? memberName(left) : undefined;
    if (index !== undefined && field !== undefined) fields.set(field, index);
  }
  return fields;
}

/** The object literal a construction passes at `index`, with no spread (whose fields could be any). */
export function passedLiteral(construction: TSESTree.NewExpression, index: number): TSESTree.ObjectExpression | undefined {
  const argument = construction.arguments[index];
  const value = argument ? unwrap(argument) : undefined;
  return value?.type === AST_NODE_TYPES.ObjectExpression && !hasSpread(value) ? value : undefined;
}

/** The class an `if` around `node`, inside the catch, narrows the caught error to (`if (e instanceof C)`), with the test's class name. */
function narrowedClass(node: TSESTree.Node, param: string): TSESTree.Identifier | undefined {
  for (let current = node.parent; current && current.type !== AST_NODE_TYPES.CatchClause; current = current.parent) {
    const statement = current.parent;
    if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.consequent !== current) continue;
    const test = unwrap(statement.test);
    if (testedClass(test, param) === undefined || test.type !== AST_NODE_TYPES.BinaryExpression) continue;
    const right = unwrap(test.right);
    return right.type === AST_NODE_TYPES.Identifier ? right : undefined;
  }
  return undefined;
}

/** Every `new C(...)` of this file whose callee is the class `cls` declares. */
function constructionsIn(sourceCode: SourceCode, cls: ClassNode, name: string): TSESTree.NewExpression[] {
  const found: TSESTree.NewExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.NewExpression && node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === name) {
      if (findVariable(sourceCode, node.callee)?.defs.some((d) => d.node === cls)) found.push(node);
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(sourceCode.ast);
  return found;
}

/**
 * The payload objects of `JSON.stringify(e.details)` in a catch that narrowed `e` to a carrier
 * class: the literals every construction passes for `details`. Undefined when unsure.
 */
export function carriedObjects(sourceCode: SourceCode, node: TSESTree.Node, imported: CarriedPayloads): Carried | undefined {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.MemberExpression || n.computed || n.object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const field = memberName(n);
  const param = enclosingCatch(n)?.param;
  if (field === undefined || param?.type !== AST_NODE_TYPES.Identifier || param.name !== n.object.name) return undefined;
  const tested = narrowedClass(n, param.name);
  if (!tested) return undefined;
  const variable = findVariable(sourceCode, tested);
  const definition = variable?.defs[0];
  if (definition?.node.type === AST_NODE_TYPES.ClassDeclaration) {
    const cls = definition.node;
    // Constructed in other files too, maybe with a classification: only the index sees them all.
    const exported =
      cls.parent.type === AST_NODE_TYPES.ExportNamedDeclaration ||
      cls.parent.type === AST_NODE_TYPES.ExportDefaultDeclaration ||
      variable?.references.some(
        (r) => r.identifier.parent.type === AST_NODE_TYPES.ExportSpecifier || r.identifier.parent.type === AST_NODE_TYPES.ExportDefaultDeclaration,
      );
    if (exported) return fromIndex(imported, tested.name, field);
    const index = carrierFields(cls).get(field);
    if (index === undefined) return undefined;
    const objects: TSESTree.ObjectExpression[] = [];
    for (const construction of constructionsIn(sourceCode, cls, tested.name)) {
      const literal = passedLiteral(construction, index);
      if (!literal) return undefined;
      objects.push(literal);
    }
    return objects.length > 0 ? { objects, carrier: { name: tested.name, field, constructions: objects.length } } : undefined;
  }
  return definition?.type === DefinitionType.ImportBinding ? fromIndex(imported, tested.name, field) : undefined;
}

/** What the index found every construction of the project pass for the field (typed analysis only). */
function fromIndex(imported: CarriedPayloads, name: string, field: string): Carried | undefined {
  const carried = imported.get(`${name}.${field}`);
  return carried && carried.length > 0 ? { objects: [...carried], carrier: { name, field, constructions: carried.length } } : undefined;
}
