// Test fixtures shared by every package's tests (`@portal/core/testing`); never imported
// by production code.
export { basePerson, failureWith, fullPerson } from "./person-fixture.js";
export { catalogueLeaves, type Restatement, restatedSharedTexts } from "./restated-shared-texts.js";
