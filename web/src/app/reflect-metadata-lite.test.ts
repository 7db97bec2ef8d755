import { Container, ContainerModule } from "inversify";
import { describe, expect, it } from "vitest";
import { defineMetadata, getMetadata, getOwnMetadata } from "./reflect-metadata-lite.js";

const reflect = Reflect as unknown as Record<string, unknown>;

describe("the stand-in for inversify's metadata polyfill", () => {
  it("is what inversify gets in the tests as in the build (the alias holds)", () => {
    expect(reflect.getOwnMetadata).toBe(getOwnMetadata);
    expect(reflect.defineMetadata).toBe(defineMetadata);
    expect(reflect.getMetadata).toBe(getMetadata);
  });

  it("keeps values per target, property and key; getMetadata follows the prototype chain", () => {
    class Base {}
    class Derived extends Base {}
    defineMetadata("k", 1, Base);
    defineMetadata("k", 2, Base, "p");
    expect(getOwnMetadata("k", Base)).toBe(1);
    expect(getOwnMetadata("k", Base, "p")).toBe(2);
    expect(getOwnMetadata("k", Derived)).toBeUndefined();
    expect(getMetadata("k", Derived)).toBe(1);
    defineMetadata("k", 3, Derived);
    expect(getMetadata("k", Derived)).toBe(3);
    expect(getOwnMetadata("other", Base)).toBeUndefined();
  });

  it("carries inversify's container modules and resolved values", () => {
    const a = Symbol("a");
    const b = Symbol("b");
    const container = new Container({ defaultScope: "Singleton" });
    const modules = [
      new ContainerModule((o) => {
        o.bind(a).toConstantValue(1);
      }),
      new ContainerModule((o) => {
        o.bind(b).toResolvedValue((n: number) => n + 1, [a]);
      }),
    ];
    container.load(...modules);
    expect(container.get(b)).toBe(2);
    // Each module got its own id (the metadata's one use without decorators).
    container.unload(modules[0] as ContainerModule);
    expect(container.isBound(a)).toBe(false);
    expect(container.isBound(b)).toBe(true);
  });
});
