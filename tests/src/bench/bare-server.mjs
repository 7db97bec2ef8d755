// The baseline of the throughput ratio: a bare node:http handler answering a person-sized JSON
// body with no auth and no database. Prints its port on the first line of stdout.
import { createServer } from "node:http";

const body = JSON.stringify({
  id: "7d0f5c1e-0000-4000-8000-000000000000",
  givenName: "Erika",
  surName: "Mustermann",
  email: "erika@example.test",
  preferredLanguage: "de",
  consentMarketing: "REFUSED",
  consentRecherche: "GIVEN",
  telephoneNumber: {
    countryDialingCode: "+49",
    areaDialingCode: "30",
    subscriberNumber: "123456",
    extensionNumber: null,
  },
});
const server = createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
