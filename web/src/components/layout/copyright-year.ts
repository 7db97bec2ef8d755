import { createContext, useContext } from "react";

/**
 * The year the footer's copyright names: this year, or (for a prerendered frame) a marker
 * the server replaces with the year of the request, so a frame built last December does
 * not differ from the page the app renders in January.
 */
export const CopyrightYearContext = createContext<string | null>(null);

export const useCopyrightYear = (): string | number =>
  useContext(CopyrightYearContext) ?? new Date().getFullYear();
