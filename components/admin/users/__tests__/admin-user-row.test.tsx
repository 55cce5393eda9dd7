import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import type { UserSummary } from "@/lib/schemas/public-users";
import { AdminUserRow } from "../admin-user-row";

// A moderator reads an account's followers in the panel's lists as anyone else would: in the
// singular for one, with thousands written as in Mexico.

afterEach(cleanup);

const row = (followersCount: number) => {
  render(
    <ul>
      <AdminUserRow user={makeUser({ followersCount, createdAt: "2025-03-10T18:00:00.000Z" }) as unknown as UserSummary} />
    </ul>,
  );
  return screen.getByRole("listitem", { name: "Ana Pérez" }).textContent;
};

describe("an account in the panel", () => {
  test("one follower", () => {
    expect(row(1)).toContain("Impacto 0 · 1 seguidor · Alta:");
  });

  test("many followers", () => {
    expect(row(1250)).toContain("Impacto 0 · 1,250 seguidores · Alta:");
  });
});
