/**
 * The three Reflect metadata functions inversify calls, in place of the
 * `reflect-metadata/lite` polyfill (vite.config.ts and vitest.config.ts alias it here).
 *
 * Why: the polyfill is 8 KB (about 2.3 KB gzip) on the first page, for a metadata store
 * inversify uses only to number its container modules and, with decorators, to read
 * constructor parameters. The app binds constants and resolved values with explicit
 * identifiers (app/modules), never decorators, so `defineMetadata`, `getOwnMetadata` and
 * `getMetadata` with the polyfill's semantics (own map per target and property, the
 * prototype chain for `getMetadata`) are all it needs. Should inversify start calling
 * another function, the app fails at start in every test, not silently later.
 */

type PropertyMaps = Map<PropertyKey | undefined, Map<unknown, unknown>>;

const store = new WeakMap<object, PropertyMaps>();

const mapOf = (target: object, property: PropertyKey | undefined, create: boolean) => {
  let properties = store.get(target);
  if (!properties) {
    if (!create) return undefined;
    properties = new Map();
    store.set(target, properties);
  }
  let values = properties.get(property);
  if (!values && create) {
    values = new Map();
    properties.set(property, values);
  }
  return values;
};

export const defineMetadata = (
  key: unknown,
  value: unknown,
  target: object,
  property?: PropertyKey,
): void => {
  mapOf(target, property, true)?.set(key, value);
};

export const getOwnMetadata = (key: unknown, target: object, property?: PropertyKey): unknown =>
  mapOf(target, property, false)?.get(key);

export const getMetadata = (key: unknown, target: object, property?: PropertyKey): unknown => {
  for (let t: object | null = target; t !== null; t = Object.getPrototypeOf(t)) {
    const values = mapOf(t, property, false);
    if (values?.has(key)) return values.get(key);
  }
  return undefined;
};

// Installed once, as the polyfill does; a real polyfill loaded first is left alone.
const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect.getOwnMetadata !== "function") {
  Object.assign(reflect, { defineMetadata, getOwnMetadata, getMetadata });
}
