// openapi-typescript 7 calls the TypeScript 5 JavaScript API (ts.factory and the printer), which the
// project's TypeScript 7 compiler does not ship: its bare `typescript` import is answered with the
// `typescript5` alias (npm:typescript@5.9.3) installed beside the project's compiler.
export async function resolve(specifier, context, next) {
  return next(specifier === 'typescript' ? 'typescript5' : specifier, context);
}
