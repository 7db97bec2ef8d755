// Test fixtures shared by every package's tests (`@portal/core/testing`); never imported
// by production code.
export { basePerson, failureWith, fullPerson } from "./person-fixture.js";
