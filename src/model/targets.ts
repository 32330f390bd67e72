/**
 * Call targets: the same-file functions a call runs, through names, wrapper parameters, dispatch
 * tables, loops over tables, `this` methods, instances of same-file classes and object literals.
 * Memoized per call: every handler's walk asks again.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import type { Interceptors } from "./interceptors.js";
import {
  type FunctionNode,
  constInitializer,
  fallbackFunction,
  findProperty,
  findVariable,
  forEachOwnNode,
  isFunctionNode,
  memberName,
  resolveFunction,
  unwrap,
} from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What the handler search learnt about calls: dispatch edges and the functions bound to wrapper parameters. */
export interface CallBindings {
  readonly dispatchEdges: ReadonlyMap<TSESTree.CallExpression, FunctionNode[]>;
  readonly wrapperBindings: ReadonlyMap<FunctionNode, ReadonlyMap<string, ReadonlySet<FunctionNode>>>;
}

export class CallTargets {
  private readonly cache = new Map<TSESTree.CallExpression, FunctionNode[]>();
  /** Each construction's constructor, once: the path walk and the escape search both ask, per handler. */
  private readonly constructors = new Map<TSESTree.NewExpression, FunctionNode | undefined>();

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly bindings: CallBindings,
    /** Names declared as functions, and as objects or instances: the only callees worth resolving. */
    private readonly functionNames: ReadonlySet<string>,
    private readonly objectNames: ReadonlySet<string>,
    /** The axios interceptors of the file's instances, which every request through one runs. */
    private readonly interceptors?: Interceptors,
  ) {}

  /** The interceptors a request through an axios instance of this file runs (`this.http.get(url)`). */
  interceptorsOf(call: TSESTree.CallExpression): readonly FunctionNode[] {
    return this.interceptors?.of(call) ?? [];
  }

  /** Same-file functions `call` (made inside `within`) runs. */
  of(call: TSESTree.CallExpression, within: FunctionNode): FunctionNode[] {
    let targets = this.cache.get(call);
    if (!targets) {
      targets = this.resolve(call, within);
      this.cache.set(call, targets);
    }
    return targets;
  }

  /** The constructor `new Client(key)` runs, of a class of this file (none for a class that declares none). */
  constructorOf(construction: TSESTree.NewExpression): FunctionNode | undefined {
    if (this.constructors.has(construction)) return this.constructors.get(construction);
    const callee = unwrap(construction.callee);
    const cls = callee.type === AST_NODE_TYPES.Identifier ? classDeclaration(this.sourceCode, callee) : undefined;
    const ctor = cls ? methodOf(cls.body, "constructor") : undefined;
    this.constructors.set(construction, ctor);
    return ctor;
  }

  /** The functions bound to the wrapper parameter `call` calls (`fn(args)` in `return async (args) => fn(args)`), if it calls one. */
  bound(call: TSESTree.CallExpression, within: FunctionNode): ReadonlySet<FunctionNode> | undefined {
    const callee = unwrap(call.callee);
    return callee.type === AST_NODE_TYPES.Identifier ? this.bindings.wrapperBindings.get(within)?.get(callee.name) : undefined;
  }

  private resolve(call: TSESTree.CallExpression, within: FunctionNode): FunctionNode[] {
    const dispatched = this.bindings.dispatchEdges.get(call);
    if (dispatched) return dispatched;
    const callee = unwrap(call.callee);
    // `(async () => { ... })()`: the function written in place runs now.
    if (isFunctionNode(callee)) return [callee];
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const bound = this.bindings.wrapperBindings.get(within)?.get(callee.name);
      if (bound) return [...bound];
      if (!this.functionNames.has(callee.name)) return [];
      const fn = resolveFunction(this.sourceCode, callee) ?? injectedOr(this.sourceCode, callee);
      if (fn) return [fn];
      // `const handler = HANDLERS[args.operation]; await handler(args)`.
      const init = constInitializer(this.sourceCode, callee);
      if (init?.type === AST_NODE_TYPES.ConditionalExpression) return this.chosen(init);
      return init ? this.pickedFromTable(init) : this.iterated(callee);
    }
    if (callee.type === AST_NODE_TYPES.MemberExpression) {
      // `HANDLERS[args.operation](args)`.
      if (callee.computed) return this.pickedFromTable(callee);
      const name = calledMemberName(callee);
      if (name === undefined) return [];
      const object = unwrap(callee.object);
      if (object.type === AST_NODE_TYPES.ThisExpression) {
        const method = classMethod(within, name);
        return method ? [method] : [];
      }
      if (object.type === AST_NODE_TYPES.Identifier) return this.memberOf(object, name);
      // `this.legacy.listMemories(filters)`, with `this.legacy = new LegacyStorage(dir)`.
      const field =
        object.type === AST_NODE_TYPES.MemberExpression && unwrap(object.object).type === AST_NODE_TYPES.ThisExpression
          ? calledMemberName(object)
          : undefined;
      if (field !== undefined) return this.fieldMethod(within, field, name);
    }
    return [];
  }

  /**
   * The method `name` of the same-file class whose instance every write in the class puts in the
   * field `field` (`this.legacy = new LegacyStorage(dir)` in the constructor, `legacy = new
   * LegacyStorage()` as a class field). Any other write: unknown, none.
   */
  private fieldMethod(within: FunctionNode, field: string, name: string): FunctionNode[] {
    let body: TSESTree.Node | undefined = within.parent;
    while (body && body.type !== AST_NODE_TYPES.ClassBody) body = body.parent;
    if (!body) return [];
    let fields = this.fieldClasses.get(body);
    if (!fields) this.fieldClasses.set(body, (fields = new Map<string, TSESTree.ClassDeclaration | TSESTree.ClassExpression | null>()));
    let declaration = fields.get(field);
    if (declaration === undefined) fields.set(field, (declaration = this.fieldClass(body, field) ?? null));
    const method = declaration ? methodOf(declaration.body, name) : undefined;
    return method ? [method] : [];
  }

  private readonly fieldClasses = new Map<TSESTree.ClassBody, Map<string, TSESTree.ClassDeclaration | TSESTree.ClassExpression | null>>();

  private fieldClass(body: TSESTree.ClassBody, field: string): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
    const classes = new Set<TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined>();
    for (const member of body.body) {
      if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.computed && memberKeyName(member) === field && member.value) {
        classes.add(this.constructed(member.value));
      }
      if (member.type !== AST_NODE_TYPES.MethodDefinition || !member.value.body) continue;
      forEachOwnNode(this.sourceCode, member.value.body, (n) => {
        if (n.type !== AST_NODE_TYPES.AssignmentExpression || n.left.type !== AST_NODE_TYPES.MemberExpression) return;
        if (unwrap(n.left.object).type === AST_NODE_TYPES.ThisExpression && calledMemberName(n.left) === field) {
          classes.add(n.operator === "=" ? this.constructed(n.right) : undefined);
        }
      });
    }
    const [declaration] = classes;
    return classes.size === 1 ? declaration : undefined;
  }

  /** The same-file class `new X(...)` constructs. */
  private constructed(value: TSESTree.Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
    const n = unwrap(value);
    return n.type === AST_NODE_TYPES.NewExpression && n.callee.type === AST_NODE_TYPES.Identifier
      ? classDeclaration(this.sourceCode, n.callee)
      : undefined;
  }

  /** `const call = provider === "openai" ? callOpenAI : callAnthropic`: either function may run. */
  private chosen(choice: TSESTree.ConditionalExpression): FunctionNode[] {
    return [choice.consequent, choice.alternate].flatMap((branch) => {
      const n = unwrap(branch);
      if (isFunctionNode(n)) return [n];
      const fn = n.type === AST_NODE_TYPES.Identifier ? resolveFunction(this.sourceCode, n) : undefined;
      return fn ? [fn] : [];
    });
  }

  /**
   * Every function of a same-file table that a computed key picks from (`HANDLERS[name]`, with
   * `const HANDLERS = { list: handleList, get: async (args) => ... }`): any of them may run.
   */
  private pickedFromTable(node: TSESTree.Node): FunctionNode[] {
    const picked = unwrap(node);
    if (picked.type !== AST_NODE_TYPES.MemberExpression || !picked.computed) return [];
    const table = unwrap(picked.object);
    if (table.type !== AST_NODE_TYPES.Identifier || !this.objectNames.has(table.name)) return [];
    const init = constInitializer(this.sourceCode, table);
    if (init?.type !== AST_NODE_TYPES.ObjectExpression) return [];
    const found: FunctionNode[] = [];
    for (const property of init.properties) {
      const fn = property.type === AST_NODE_TYPES.Property ? this.functionValue(property.value) : undefined;
      if (fn) found.push(fn);
    }
    return found;
  }

  /** The function a property's value is: written in place, or named (a same-file function). */
  private functionValue(value: TSESTree.Node): FunctionNode | undefined {
    const node = unwrap(value);
    if (isFunctionNode(node)) return node;
    return node.type === AST_NODE_TYPES.Identifier ? resolveFunction(this.sourceCode, node) : undefined;
  }

  /** `client.getChannels()` on a same-file class instance, `tools.run()` on a same-file object literal. */
  private memberOf(object: TSESTree.Identifier, name: string): FunctionNode[] {
    if (!this.objectNames.has(object.name)) return [];
    const init = constInitializer(this.sourceCode, object);
    // `const client = new SlackClient(token); client.getChannels()`: a same-file class.
    if (init?.type === AST_NODE_TYPES.NewExpression && init.callee.type === AST_NODE_TYPES.Identifier) {
      const declaration = classDeclaration(this.sourceCode, init.callee);
      const method = declaration ? methodOf(declaration.body, name) : undefined;
      return method ? [method] : [];
    }
    if (init?.type === AST_NODE_TYPES.ObjectExpression) {
      const property = findProperty(init, name);
      const fn = property ? this.functionValue(property.value) : undefined;
      return fn ? [fn] : [];
    }
    return init ? [] : this.iterated(object, name);
  }

  /**
   * `for (const { name, load } of TOOLS) { ... load(id) }`, or `tool.load(id)` in `for (const tool
   * of TOOLS)`, where `TOOLS` is a same-file array of object literals: the `load` of each element
   * (`load` holds whatever the element the loop is at holds). Elements of any other kind add none.
   */
  private iterated(name: TSESTree.Identifier, member?: string): FunctionNode[] {
    const variable = findVariable(this.sourceCode, name);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    const declaration = def?.parent;
    const loop = declaration?.parent;
    if (def?.type !== DefinitionType.Variable || loop?.type !== AST_NODE_TYPES.ForOfStatement || loop.left !== declaration) return [];
    const key = member ?? patternKey(def.node.id, name.name);
    if (key === undefined || (member !== undefined && def.node.id.type !== AST_NODE_TYPES.Identifier)) return [];
    let list: TSESTree.Node | undefined = unwrap(loop.right);
    if (list.type === AST_NODE_TYPES.Identifier) list = constInitializer(this.sourceCode, list);
    if (list?.type !== AST_NODE_TYPES.ArrayExpression) return [];
    const found: FunctionNode[] = [];
    for (const element of list.elements) {
      const entry = element ? unwrap(element) : undefined;
      const property = entry?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(entry, key) : undefined;
      const fn = property ? this.functionValue(property.value) : undefined;
      if (fn) found.push(fn);
    }
    return found;
  }
}

/** The key a destructuring pattern reads into `name` (`{ fetch: run }` reads `fetch` into `run`). */
function patternKey(pattern: TSESTree.Node, name: string): string | undefined {
  if (pattern.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  for (const property of pattern.properties) {
    if (
      property.type === AST_NODE_TYPES.Property &&
      !property.computed &&
      property.value.type === AST_NODE_TYPES.Identifier &&
      property.value.name === name
    ) {
      return property.key.type === AST_NODE_TYPES.Identifier ? property.key.name : undefined;
    }
  }
  return undefined;
}

/** The function of this file a callee names: `handleError` (declared here) or `this.handleError` (a method of the enclosing class). */
export function sameFileFunction(sourceCode: SourceCode, callee: TSESTree.Node): FunctionNode | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return resolveFunction(sourceCode, callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = memberName(callee);
  return name === undefined ? undefined : classMethod(callee, name);
}

/** The method (or function-valued property) `name` of the class that encloses `inside`. */
export function classMethod(inside: TSESTree.Node, name: string): FunctionNode | undefined {
  let current: TSESTree.Node | undefined = inside.parent;
  while (current && current.type !== AST_NODE_TYPES.ClassBody) current = current.parent;
  return current ? methodOf(current, name) : undefined;
}

/** The same-file class an identifier names. */
function classDeclaration(sourceCode: SourceCode, identifier: TSESTree.Identifier): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === DefinitionType.ClassName) return def.node;
  if (def?.type === DefinitionType.Variable && def.node.init?.type === AST_NODE_TYPES.ClassExpression) return def.node.init;
  return undefined;
}

/** The member a call names: `x.run` -> "run", and a private `this.#query` -> "#query" (no other name starts with `#`). */
function calledMemberName(callee: TSESTree.MemberExpression): string | undefined {
  return callee.property.type === AST_NODE_TYPES.PrivateIdentifier ? `#${callee.property.name}` : memberName(callee);
}

/** The name of a class member's key, as `calledMemberName` writes it; undefined for a computed key. */
function memberKeyName(member: TSESTree.MethodDefinition | TSESTree.PropertyDefinition): string | undefined {
  if (member.computed) return undefined;
  if (member.key.type === AST_NODE_TYPES.Identifier) return member.key.name;
  return member.key.type === AST_NODE_TYPES.PrivateIdentifier ? `#${member.key.name}` : undefined;
}

/** An instance method (or arrow property) of a class body, private ones (`#query`) included. */
function methodOf(body: TSESTree.ClassBody, name: string): FunctionNode | undefined {
  for (const member of body.body) {
    if ((member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition) && memberKeyName(member) === name) {
      const value = member.value ? unwrap(member.value) : undefined;
      if (isFunctionNode(value)) return value;
    }
  }
  return undefined;
}

/**
 * `const send = deps.send ?? ((request) => axios(request))`: the function of this file that runs
 * when nothing is injected (what the server runs unless a test or an embedder passes another).
 */
function injectedOr(sourceCode: SourceCode, callee: TSESTree.Identifier): FunctionNode | undefined {
  const init = constInitializer(sourceCode, callee);
  return init ? fallbackFunction(init) : undefined;
}
