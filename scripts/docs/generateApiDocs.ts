import { writeFileSync } from "node:fs";
import { renderApiDocs } from "../../src/contract/apiDocs";
import { ROUTE_TABLE } from "../../src/contract/routeTable";

writeFileSync(new URL("../../docs/api.md", import.meta.url), renderApiDocs(ROUTE_TABLE));
console.log(`docs/api.md: ${ROUTE_TABLE.length} endpoints`);
