import type { TSESTree } from '@typescript-eslint/types';
import { isClass, memberPropertyName, propertyKeyName, returnedBy, unwrap, type ClassNode, type Node } from '../ast/nodes.js';
import type { ScopeModel } from '../file-index/scope-model.js';
import { overriddenInFile } from '../url/evaluate.js';

/** A member's name, a private one with its `#` (`this.#client`). */
function slotName(member: TSESTree.MemberExpression): string | undefined {
  return member.property.type === 'PrivateIdentifier' ? `#${member.property.name}` : memberPropertyName(member);
}

/** A class member's name, a private one with its `#` (`static #instance`). */
function memberKeyName(member: TSESTree.PropertyDefinition | TSESTree.AccessorProperty | TSESTree.MethodDefinition): string | undefined {
  return member.key.type === 'PrivateIdentifier' ? `#${member.key.name}` : propertyKeyName(member);
}

/** The class whose slot a member reads: `this.x` inside the class, or `Api.x` / `Api.#x` on the class's own name. */
function slotClass(member: TSESTree.MemberExpression, scope: ScopeModel): ClassNode | undefined {
  const object = unwrap(member.object);
  const classNode = scope.enclosingClass(member);
  if (!classNode) return undefined;
  if (object.type === 'ThisExpression') return classNode;
  return object.type === 'Identifier' && classNode.id?.name === object.name && scope.resolve(object)?.init === classNode ? classNode : undefined;
}

const isNullish = (node: Node): boolean => (node.type === 'Literal' && node.value === null) || (node.type === 'Identifier' && node.name === 'undefined');

/**
 * The values a class gives a slot (`this.x`, `this.#x`, `Api.#instance`): its field's initializer and
 * each `=`, `??=` or `||=` to it in the class (another write as itself), `null` and `undefined` left
 * out (a lazy slot's empty start). Undefined when the member is no slot of the class.
 */
export function slotValues(member: TSESTree.MemberExpression, scope: ScopeModel): Node[] | undefined {
  const name = slotName(member);
  const classNode = name === undefined ? undefined : slotClass(member, scope);
  if (!classNode) return undefined;
  const values: Node[] = [];
  for (const field of classNode.body.body) {
    if ((field.type === 'PropertyDefinition' || field.type === 'AccessorProperty') && field.value && memberKeyName(field) === name) values.push(unwrap(field.value));
  }
  for (const named of scope.namedValues) {
    const target = named.type === 'AssignmentExpression' ? unwrap(named.left) : undefined;
    if (named.type !== 'AssignmentExpression' || target?.type !== 'MemberExpression' || slotName(target) !== name || slotClass(target, scope) !== classNode) continue;
    values.push(unwrap(named.operator === '=' || named.operator === '??=' || named.operator === '||=' ? named.right : named));
  }
  return values.filter((value) => !isNullish(value));
}

/** The one value a class gives a slot (`slotValues`); undefined when it is given none, or several. */
export function soleSlotValue(member: TSESTree.MemberExpression, scope: ScopeModel): Node | undefined {
  const values = slotValues(member, scope);
  return values?.length === 1 ? values[0] : undefined;
}

/** The class of the file a name stands for (`SnapApi` in `SnapApi.client`), as declared or held in a constant. */
function classNamed(node: Node, scope: ScopeModel): ClassNode | undefined {
  if (node.type !== 'Identifier') return undefined;
  const binding = scope.resolve(node);
  const init = binding?.kind === 'class' || binding?.kind === 'const' ? binding.init : undefined;
  const found = init ? unwrap(init) : undefined;
  return found && isClass(found) ? found : undefined;
}

/** The slot a getter's `return` fills and returns: `this.#c ??= …`, `this._c || (this._c = …)`, `Api.#c ?? (Api.#c = …)`. */
function filledSlot(value: Node): TSESTree.MemberExpression | undefined {
  if (value.type === 'AssignmentExpression' && (value.operator === '=' || value.operator === '??=' || value.operator === '||=')) {
    const left = unwrap(value.left);
    return left.type === 'MemberExpression' ? left : undefined;
  }
  if (value.type !== 'LogicalExpression' || value.operator === '&&') return undefined;
  const read = unwrap(value.left);
  const filled = filledSlot(unwrap(value.right));
  return read.type === 'MemberExpression' && filled && sameSlot(read, filled) ? read : undefined;
}

/** Whether two members name the same slot on the same object (`this._c` and `this._c`, `Api.#c` and `Api.#c`). */
function sameSlot(a: TSESTree.MemberExpression, b: TSESTree.MemberExpression): boolean {
  const [objectA, objectB] = [unwrap(a.object), unwrap(b.object)];
  const sameObject = objectA.type === 'ThisExpression' ? objectB.type === 'ThisExpression' : objectA.type === 'Identifier' && objectB.type === 'Identifier' && objectA.name === objectB.name;
  return sameObject && slotName(a) !== undefined && slotName(a) === slotName(b);
}

/**
 * The value a member read through a getter of its class stands for (a lazy singleton:
 * `get client() { if (!this.#client) this.#client = axios.create(…); return this.#client; }`, also
 * `return this._c || (this._c = axios.create(…))`): `this.<name>` of an instance getter, or
 * `Api.<name>` of a static getter of the file's class `Api`. It is the one value of the slot the
 * getter returns, or what it returns when that is no slot of the class (`get client() { return
 * axios.create(…) }`, `get base() { return 'https://…' }`). Undefined without one such getter, with
 * a getter of more than one `return`, or where a subclass of the file gives the member a value of its own.
 */
export function getterValueOf(member: TSESTree.MemberExpression, scope: ScopeModel): Node | undefined {
  const name = slotName(member);
  if (name === undefined) return undefined;
  const object = unwrap(member.object);
  const isStatic = object.type !== 'ThisExpression';
  const classNode = isStatic ? classNamed(object, scope) : scope.enclosingClass(member);
  return classNode ? getterValueIn(classNode, name, isStatic, scope) : undefined;
}

/** What `getterValueOf` reads, for the getter `name` of a class (a static one with `isStatic`). */
export function getterValueIn(classNode: ClassNode, name: string, isStatic: boolean, scope: ScopeModel): Node | undefined {
  // A subclass of the file that gives the member its own value: the instance may be the subclass's.
  if (!isStatic && overriddenInFile(classNode, name, scope)) return undefined;
  const getters = classNode.body.body.filter(
    (method): method is TSESTree.MethodDefinition => method.type === 'MethodDefinition' && method.kind === 'get' && method.static === isStatic && memberKeyName(method) === name,
  );
  const returned = getters.length === 1 ? returnedBy(getters[0]!.value) : undefined;
  if (!returned) return undefined;
  const value = unwrap(returned);
  const slot = filledSlot(value) ?? (value.type === 'MemberExpression' ? value : undefined);
  if (!slot) return value;
  return slotClass(slot, scope) ? soleSlotValue(slot, scope) : slot;
}
