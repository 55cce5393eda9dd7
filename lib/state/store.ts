import { createStore } from "jotai";

/**
 * The app's Jotai store, shared by the React tree (through <Provider>) and by code outside it
 * (logout, the startup flow), so both read and write the same atoms.
 */
export const appStore = createStore();
