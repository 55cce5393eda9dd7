"use client";

import { useEffect } from "react";
import { watchSession } from "@/lib/auth/session";

/** Runs the startup flow of docs/product.md#startup for as long as the app is open. */
export function AuthBootstrap() {
  useEffect(() => watchSession(), []);
  return null;
}
