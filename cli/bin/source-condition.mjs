// Module-resolution hook (module.registerHooks, in-thread): adds the "source" export
// condition so that @portal/contracts and @portal/core load from src/ when the CLI runs
// from source.
export function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes("source")
    ? context.conditions
    : [...context.conditions, "source"];
  return nextResolve(specifier, { ...context, conditions });
}
