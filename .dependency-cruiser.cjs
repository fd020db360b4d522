/** The platform's dependency rules (docs/products.md), checked by server/architecture.test.ts in npm test. */
module.exports = {
  forbidden: [
    {
      name: "order-core-knows-no-product",
      comment: "Products register with the order core (server/products/registry.ts, AppContext.products); the core never imports a product.",
      severity: "error",
      from: { path: "^server/orders/" },
      to: { path: "^server/products/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
