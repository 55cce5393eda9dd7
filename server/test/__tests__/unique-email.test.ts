// @database-independent: draws test emails only.
import { describe, expect, it } from "@jest/globals";
import { uniqueEmail } from "../emulator";

// Every API run creates thousands of accounts in one emulator (PGlite and PostgreSQL runs share
// it). With 8 random hex characters, two of them met about once in a hundred runs, and the second
// sign-up failed with EMAIL_EXISTS (CI of 0fbb8d1). 200 000 draws find a repeat in 32 bits almost
// always (~4.6 expected), and none in 60.
describe("los correos de las cuentas de prueba", () => {
  it("no se repiten entre 200 000", () => {
    const emails = new Set(Array.from({ length: 200_000 }, () => uniqueEmail()));
    expect(emails.size).toBe(200_000);
  });
});
