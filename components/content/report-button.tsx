"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { atom, useAtom, useAtomValue } from "jotai";
import { errorMessage } from "@/lib/api/errors";
import { fileReport } from "@/lib/api/reports";
import type { ReportTargetKind } from "@/lib/schemas/report-reasons";
import { authUserAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { ReportDialog } from "./report-dialog";

// 'Reportar' on an item's page or a profile. Only for someone signed in who is not its author
// (the server refuses both anyway). What was reported this session stays marked, and sending
// again updates the same report on the server.

export interface ReportTarget {
  targetKind: ReportTargetKind;
  targetId: string;
  /** Its title or name, quoted in the dialog. */
  label: string;
  /** Who published it (the person, for a profile): they get no button. */
  authorId: string | null;
}

const reportedAtom = atom<ReadonlySet<string>>(new Set<string>());

export function ReportButton({ targetKind, targetId, label, authorId }: ReportTarget) {
  const me = useAtomValue(authUserAtom);
  const [reported, setReported] = useAtom(reportedAtom);
  const [open, setOpen] = useState(false);
  const key = `${targetKind}:${targetId}`;
  const report = useMutation({
    mutationFn: (body: Parameters<typeof fileReport>[0]) => fileReport(body),
    onSuccess: () => {
      setOpen(false);
      setReported((previous) => new Set(previous).add(key));
      notify("success", "Gracias. Revisaremos tu reporte.");
    },
  });
  if (!me || me._id === authorId) return null;
  const already = reported.has(key);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {already ? "Reportado" : "Reportar"}
      </Button>
      <ReportDialog
        key={open ? "open" : "closed"}
        open={open}
        label={label}
        alreadyReported={already}
        busy={report.isPending}
        error={report.isError ? errorMessage(report.error) : null}
        onSubmit={(body) => report.mutate({ targetKind, targetId, ...body })}
        onCancel={() => {
          setOpen(false);
          report.reset();
        }}
      />
    </>
  );
}
