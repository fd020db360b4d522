import { writeFileSync } from "node:fs";
import { renderApiDocs } from "../../src/contract/apiDocs";
import { ENDPOINTS } from "../../src/contract/endpoints";

writeFileSync(new URL("../../docs/api.md", import.meta.url), renderApiDocs(ENDPOINTS));
console.log(`docs/api.md: ${ENDPOINTS.length} endpoints`);
