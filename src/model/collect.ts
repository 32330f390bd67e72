/**
 * Collection: one pass over a file's AST that gathers what every later stage of the model needs
 * (calls, functions with their own calls and throws, classes, result objects, catches, imports).
 * During a lint it reads the steps of ESLint's own traversal; elsewhere (the program index) it
 * walks the tree itself.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  TYPE_KEYS,
  fallbackFunction,
  forEachChild,
  isFunctionNode,
  recordImport,
  recordRequireBinding,
  staticString,
  unwrap,
} from "../util/ast.js";
import { isIsErrorProperty, isToolResultObject } from "./results.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What a function holds directly (not in nested functions). */
export interface FunctionFacts {
  /** Functions declared (or passed inline) directly inside this one. */
  readonly children: FunctionNode[];
  /** Calls made directly in this function (not in nested functions). */
  readonly calls: TSESTree.CallExpression[];
  readonly throws: TSESTree.ThrowStatement[];
  /** `new Client(key)` made directly in this function: the class's constructor runs there. */
  readonly constructions: TSESTree.NewExpression[];
}

/** Declarations that hold only types. */
const TYPE_DECLARATIONS = new Set<string>([
  AST_NODE_TYPES.TSInterfaceDeclaration,
  AST_NODE_TYPES.TSTypeAliasDeclaration,
  AST_NODE_TYPES.TSDeclareFunction,
]);

/** A step of ESLint's traversal (`SourceCode#traverse()`, ESLint 9 and later): visit steps enter (phase 1) or leave a node. */
interface TraversalStep {
  readonly kind: number;
  readonly target: unknown;
  readonly phase?: number;
}
const VISIT_STEP = 1;
const ENTER_PHASE = 1;

/**
 * The steps of ESLint's traversal of the file being linted. ESLint builds and caches them before
 * it runs any rule, so reading them again costs nothing; undefined where the SourceCode has none.
 */
export function traversalSteps(sourceCode: SourceCode): Iterable<TraversalStep> | undefined {
  const traverse = (sourceCode as { traverse?: () => Iterable<TraversalStep> }).traverse;
  return typeof traverse === "function" ? traverse.call(sourceCode) : undefined;
}

/** A function being visited (undefined: the module's top level) and what it holds so far. */
interface Frame {
  readonly fn: FunctionNode | undefined;
  readonly facts: FunctionFacts;
}

/** What one pass over the AST gathers for the analyses; fed by ESLint's traversal steps or by `walk`. */
export class Collector {
  readonly calls: TSESTree.CallExpression[] = [];
  readonly functions: FunctionNode[] = [];
  readonly classes: (TSESTree.ClassDeclaration | TSESTree.ClassExpression)[] = [];
  readonly isErrorObjects: TSESTree.ObjectExpression[] = [];
  readonly resultObjects: TSESTree.ObjectExpression[] = [];
  readonly catches: TSESTree.CatchClause[] = [];
  readonly importSources: string[] = [];
  readonly importedFrom = new Map<string, string>();
  readonly facts = new Map<FunctionNode, FunctionFacts>();
  /** Names declared as functions, and as objects or instances: the only callees worth resolving. */
  readonly functionNames = new Set<string>();
  readonly objectNames = new Set<string>();
  /**
   * The functions being visited, innermost last, with their facts; the bottom entry is the
   * module's top level. The replay recognizes a function's exit by its identity, without reading
   * the exited node.
   */
  private readonly stack: Frame[] = [{ fn: undefined, facts: { children: [], calls: [], throws: [], constructions: [] } }];

  private get top(): Frame {
    return this.stack[this.stack.length - 1] as Frame;
  }

  private get owner(): FunctionFacts {
    return this.top.facts;
  }

  enterFunction(node: FunctionNode): void {
    this.functions.push(node);
    if (node.id) this.functionNames.add(node.id.name);
    this.owner.children.push(node);
    const own: FunctionFacts = { children: [], calls: [], throws: [], constructions: [] };
    this.facts.set(node, own);
    this.stack.push({ fn: node, facts: own });
  }

  exitFunction(): void {
    this.stack.pop();
  }

  call(node: TSESTree.CallExpression): void {
    this.calls.push(node);
    this.owner.calls.push(node);
    const callee = node.callee;
    if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "require") {
      const source = node.arguments[0] ? staticString(node.arguments[0]) : undefined;
      if (source !== undefined) {
        this.importSources.push(source);
        const parent = node.parent;
        if (parent.type === AST_NODE_TYPES.VariableDeclarator) recordRequireBinding(parent.id, source, this.importedFrom);
      }
    }
  }

  declarator(node: TSESTree.VariableDeclarator): void {
    // `for (const { name, run } of TOOLS)`, `for (const tool of TOOLS)`: what a table's elements hold.
    if (!node.init && node.parent.parent.type === AST_NODE_TYPES.ForOfStatement && node.parent.parent.left === node.parent) {
      if (node.id.type === AST_NODE_TYPES.Identifier) this.objectNames.add(node.id.name);
      else if (node.id.type === AST_NODE_TYPES.ObjectPattern) {
        for (const property of node.id.properties) {
          if (property.type === AST_NODE_TYPES.Property && property.value.type === AST_NODE_TYPES.Identifier) this.functionNames.add(property.value.name);
        }
      }
      return;
    }
    if (node.id.type !== AST_NODE_TYPES.Identifier || !node.init) return;
    const init = unwrap(node.init);
    // `const handler = HANDLERS[name]`: a function picked from a table.
    const picked = init.type === AST_NODE_TYPES.MemberExpression && init.computed;
    // `const call = provider === "openai" ? callOpenAI : callAnthropic`: one of two functions.
    const chosen = init.type === AST_NODE_TYPES.ConditionalExpression && isFunctionChoice(init.consequent) && isFunctionChoice(init.alternate);
    if (isFunctionNode(init) || init.type === AST_NODE_TYPES.CallExpression || picked || chosen || fallbackFunction(init))
      this.functionNames.add(node.id.name);
    if (init.type === AST_NODE_TYPES.ObjectExpression || init.type === AST_NODE_TYPES.NewExpression) this.objectNames.add(node.id.name);
  }

  throwStatement(node: TSESTree.ThrowStatement): void {
    this.owner.throws.push(node);
  }

  object(node: TSESTree.ObjectExpression): void {
    if (node.properties.some(isIsErrorProperty)) this.isErrorObjects.push(node);
    if (isToolResultObject(node)) this.resultObjects.push(node);
  }

  importDeclaration(node: TSESTree.ImportDeclaration): void {
    this.importSources.push(node.source.value);
    recordImport(node, this.importedFrom);
  }

  /** Records a node as a traversal enters it. */
  enter(node: TSESTree.Node): void {
    switch (node.type) {
      case AST_NODE_TYPES.FunctionDeclaration:
      case AST_NODE_TYPES.FunctionExpression:
      case AST_NODE_TYPES.ArrowFunctionExpression:
        this.enterFunction(node);
        break;
      case AST_NODE_TYPES.CallExpression:
        this.call(node);
        break;
      case AST_NODE_TYPES.NewExpression:
        this.owner.constructions.push(node);
        break;
      case AST_NODE_TYPES.ThrowStatement:
        this.throwStatement(node);
        break;
      case AST_NODE_TYPES.VariableDeclarator:
        this.declarator(node);
        break;
      case AST_NODE_TYPES.ObjectExpression:
        this.object(node);
        break;
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.ClassExpression:
        this.classes.push(node);
        break;
      case AST_NODE_TYPES.CatchClause:
        this.catches.push(node);
        break;
      case AST_NODE_TYPES.ImportDeclaration:
        this.importDeclaration(node);
        break;
      default:
        break;
    }
  }

  /**
   * Feeds the collector from the steps of ESLint's own traversal of the file, the ones its
   * listeners are called from: one loop over a list ESLint has already built, where listeners
   * would cost a dispatch per node.
   */
  replay(steps: Iterable<TraversalStep>): void {
    for (const step of steps) {
      if (step.kind !== VISIT_STEP) continue;
      const node = step.target as TSESTree.Node;
      if (step.phase === ENTER_PHASE) this.enter(node);
      else if (node === this.top.fn) this.exitFunction();
    }
  }

  /** Feeds the collector by walking the AST itself (outside a lint, as for the program index). */
  walk(sourceCode: SourceCode): void {
    const visitorKeys = sourceCode.visitorKeys;
    const visit = (node: TSESTree.Node): void => {
      // Types hold no calls, throws or results: skipping them keeps the walk cheap on TS files.
      if (TYPE_DECLARATIONS.has(node.type)) return;
      this.enter(node);
      if (node.type === AST_NODE_TYPES.ImportDeclaration) return;
      forEachChild(node, visitorKeys, visit, TYPE_KEYS);
      if (isFunctionNode(node)) this.exitFunction();
    };
    visit(sourceCode.ast);
  }
}

/** A branch of a choice between functions: a name, or a function written in place. */
function isFunctionChoice(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Identifier || isFunctionNode(n);
}
