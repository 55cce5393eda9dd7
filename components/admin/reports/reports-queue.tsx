"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { errorMessage } from "@/lib/api/errors";
import { reportQueries, resolveReports, type ReportGroup } from "@/lib/api/reports";
import { formatCount } from "@/lib/format/count";
import { formatDateTime } from "@/lib/format/long-dates";
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportAction, type ReportTargetKind } from "@/lib/schemas/report-reasons";
import { isAdminAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import cardStyles from "@/components/content/card.module.css";
import listStyles from "@/components/content/list.module.css";
import textStyles from "@/components/ui/text.module.css";
import styles from "./reports.module.css";

// The moderation queue (/panel/reports): open reports grouped by what they point at, newest
// first. Each decision asks for a reason; the server applies it through the usual moderation,
// closes the target's reports and tells every reporter.

const KIND_LABELS: Record<ReportTargetKind, string> = { event: "Evento", place: "Lugar", news: "Noticia", community: "Comunidad", user: "Perfil" };

const ACTIONS: Record<ReportAction, { button: string; title: string; done: string }> = {
  dismiss: { button: "Descartar", title: "¿Descartar los reportes sobre «{x}»?", done: "Reportes descartados. Avisamos a quienes reportaron." },
  hide: { button: "Ocultar", title: "¿Ocultar «{x}»?", done: "Ocultado. Avisamos a quienes reportaron." },
  delete: { button: "Borrar", title: "¿Borrar «{x}» para siempre?", done: "Borrado. Avisamos a quienes reportaron." },
  ban: { button: "Suspender", title: "¿Suspender la cuenta detrás de «{x}»?", done: "Cuenta suspendida. Avisamos a quienes reportaron." },
};

const actionsFor = (kind: ReportTargetKind): ReportAction[] => (kind === "user" ? ["dismiss", "ban"] : ["dismiss", "hide", "delete", "ban"]);

const nameOf = (group: ReportGroup) => group.label ?? "Sin título";

export function ReportsQueue() {
  const isAdmin = useAtomValue(isAdminAtom);
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...reportQueries.queue(), enabled: isAdmin });
  const [pending, setPending] = useState<{ action: ReportAction; group: ReportGroup } | null>(null);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("7");
  const [problem, setProblem] = useState<{ reason?: string; days?: string }>({});
  const resolve = useMutation({
    mutationFn: ({ action, group, reason: why, banDays }: { action: ReportAction; group: ReportGroup; reason: string; banDays?: number }) =>
      resolveReports(group, { action, reason: why, ...(banDays ? { banDays } : {}) }),
    onSuccess: (_answer, { action }) => {
      notify("success", ACTIONS[action].done);
      close();
      void queryClient.invalidateQueries({ queryKey: reportQueries.all() });
    },
  });

  function close() {
    setPending(null);
    setReason("");
    setDays("7");
    setProblem({});
    resolve.reset();
  }

  function confirm() {
    if (!pending) return;
    const found: typeof problem = {};
    if (!reason.trim()) found.reason = "Indica el motivo de la decisión.";
    const banDays = Number(days);
    if (pending.action === "ban" && (!Number.isInteger(banDays) || banDays < 1 || banDays > 3650)) found.days = "Indica de 1 a 3650 días.";
    setProblem(found);
    if (found.reason || found.days) return;
    resolve.mutate({ action: pending.action, group: pending.group, reason: reason.trim(), ...(pending.action === "ban" ? { banDays } : {}) });
  }

  if (!isAdmin) return null;
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <Skeleton lines={3} label="Cargando reportes" />;
  if (query.isError && groups.length === 0) return <FormAlert message={errorMessage(query.error)} />;
  if (groups.length === 0) return <EmptyState title="No hay reportes pendientes." hint={null} />;
  return (
    <>
      <ul className={styles.list} aria-label="Reportes pendientes">
        {groups.map((group) => (
          <li key={`${group.targetKind}:${group.targetId}`} className="card stack">
            <p className={cardStyles.cardKicker}>{KIND_LABELS[group.targetKind]}</p>
            <h2 className={styles.title}>
              <Link href={group.link}>{nameOf(group)}</Link>
            </h2>
            <p className={textStyles.small}>
              {formatCount(group.count, "reporte", "reportes")} · primero {formatDateTime(group.firstReportedAt)} · último {formatDateTime(group.lastReportedAt)}
            </p>
            <ul className={cardStyles.chips} aria-label="Motivos">
              {REPORT_REASONS.filter((r) => group.reasons[r] > 0).map((r) => (
                <li key={r} className={cardStyles.chip}>
                  {REPORT_REASON_LABELS[r]}: {group.reasons[r]}
                </li>
              ))}
            </ul>
            {group.texts.length > 0 ? (
              <ul className={styles.texts} aria-label="Lo que escribieron">
                {group.texts.map((text, i) => (
                  <li key={i}>«{text}»</li>
                ))}
              </ul>
            ) : null}
            <div className="actions">
              {actionsFor(group.targetKind).map((action) => (
                <Button key={action} variant={action === "dismiss" ? "secondary" : "ghost"} aria-label={`${ACTIONS[action].button}: ${nameOf(group)}`} onClick={() => setPending({ action, group })}>
                  {ACTIONS[action].button}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className={listStyles.more}>
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Cargando..." : "Cargar más"}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        role="dialog"
        open={pending !== null}
        title={pending ? ACTIONS[pending.action].title.replace("{x}", nameOf(pending.group)) : ""}
        message={<p>Se cierran todos sus reportes y cada persona que reportó recibe el resultado (nunca sabrá quién decidió).</p>}
        confirmLabel={pending ? ACTIONS[pending.action].button : ""}
        danger={pending?.action !== "dismiss"}
        busy={resolve.isPending}
        error={resolve.isError ? errorMessage(resolve.error) : null}
        onConfirm={confirm}
        onCancel={close}
      >
        <TextAreaField
          label={pending?.action === "dismiss" ? "Motivo (queda registrado)" : "Motivo (se le notifica a quien lo publicó)"}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={problem.reason}
          data-autofocus
        />
        {pending?.action === "ban" ? (
          <TextField label="Días de suspensión" type="number" min={1} max={3650} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} error={problem.days} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
