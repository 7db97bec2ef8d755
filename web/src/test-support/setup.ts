import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
// Lazily loaded in the app (kept out of the first page); loaded up front in tests so a
// dialog or combobox appears within Testing Library's default wait on a busy machine.
import "../components/failure-dialog.js";
import "../components/form/company-combobox.js";

afterEach(() => cleanup());
