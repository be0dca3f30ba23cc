/**
 * The results exports (docs/api.md, "Usability tests"): results.csv (RFC 4180, formula-safe cells, one row per
 * participant and task, then one summary row per task) and results.pdf (pdfkit, tagged: a structure tree with
 * headings, paragraphs and a list per task, the document's language and title). Labels in English or French.
 */
import PDFDocument from 'pdfkit';
import type { StaffUxtResults } from '@tessera/contracts';
import { toCsv } from './uxt.measures.ts';

export const UXT_REPORT_LANGUAGES = ['en', 'fr'] as const;
export type UxtReportLanguage = (typeof UXT_REPORT_LANGUAGES)[number];

const labels = {
  en: {
    title: 'Usability test results',
    participants: 'Participants',
    completed: 'completed',
    skipped: 'skipped',
    aborted: 'aborted',
    live: 'live',
    sus: 'Mean SUS score',
    susNone: 'no SUS answers',
    responses: 'responses',
    tasks: 'Tasks',
    reached: 'Reached',
    completionRate: 'Completion rate',
    median: 'Time on task, median',
    p90: 'Time on task, 90th percentile',
    measured: 'Measured success rate',
    answers: 'Typed answers',
    none: 'none',
    generated: 'Generated',
    columns: [
      'participant',
      'session',
      'participant status',
      'task',
      'task title',
      'task status',
      'duration ms',
      'measured success',
      'answer',
      'sus score',
    ],
    summaryColumns: [
      'task',
      'task title',
      'reached',
      'completed',
      'skipped',
      'completion rate',
      'median ms',
      'p90 ms',
      'measured success rate',
    ],
  },
  fr: {
    title: 'Résultats du test utilisateur',
    participants: 'Participants',
    completed: 'terminés',
    skipped: 'abandonnés (signalé)',
    aborted: 'interrompus',
    live: 'en cours',
    sus: 'Score SUS moyen',
    susNone: 'aucune réponse SUS',
    responses: 'réponses',
    tasks: 'Tâches',
    reached: 'Atteinte',
    completionRate: 'Taux de réussite déclaré',
    median: 'Temps sur la tâche, médiane',
    p90: 'Temps sur la tâche, 90e centile',
    measured: 'Taux de réussite mesuré',
    answers: 'Réponses saisies',
    none: 'aucune',
    generated: 'Généré le',
    columns: [
      'participant',
      'session',
      'statut du participant',
      'tâche',
      'titre de la tâche',
      'statut de la tâche',
      'durée ms',
      'réussite mesurée',
      'réponse',
      'score SUS',
    ],
    summaryColumns: [
      'tâche',
      'titre de la tâche',
      'atteinte',
      'terminée',
      'passée',
      'taux de réussite',
      'médiane ms',
      'p90 ms',
      'taux de réussite mesuré',
    ],
  },
} as const;

/** results.csv: the participants' task rows, a blank line, then the per-task summary. */
export function resultsCsv(results: StaffUxtResults, language: UxtReportLanguage): string {
  const text = labels[language];
  const titles = new Map(results.test.tasks.map((task) => [task.task_id, task.title]));
  const rows: (string | number | boolean | null)[][] = [[...text.columns]];
  for (const participant of results.participants) {
    for (const task of participant.tasks) {
      rows.push([
        participant.participantId,
        participant.sessionID,
        participant.status,
        task.task_id,
        titles.get(task.task_id) ?? '',
        task.status,
        task.durationMs,
        task.measuredSuccess,
        task.answer,
        participant.susScore,
      ]);
    }
  }
  rows.push([]);
  rows.push([...text.summaryColumns]);
  for (const task of results.tasks) {
    rows.push([
      task.task_id,
      task.title,
      task.reached,
      task.completed,
      task.skipped,
      task.completionRate,
      task.timeOnTaskMedianMs,
      task.timeOnTaskP90Ms,
      task.measuredSuccessRate,
    ]);
  }
  return toCsv(rows);
}

function percent(value: number | null, language: UxtReportLanguage): string {
  if (value === null) {
    return labels[language].none;
  }
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

function seconds(value: number | null, language: UxtReportLanguage): string {
  if (value === null) {
    return labels[language].none;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value / 1000)} s`;
}

/** results.pdf: a tagged PDF (structure tree, /Lang, the title shown by viewers). */
export async function resultsPdf(
  results: StaffUxtResults,
  language: UxtReportLanguage,
  at: Date,
): Promise<Buffer> {
  const text = labels[language];
  const title = `${text.title}: ${results.test.title}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    tagged: true,
    lang: language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: title, Author: 'Tessera', Subject: text.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const document = doc.struct('Document');
  doc.addStructure(document);
  const add = (tag: string, content: string, font: string, size: number) => {
    document.add(
      doc.struct(tag, {}, () => {
        doc.font(font).fontSize(size).text(content);
      }),
    );
  };

  add('H1', title, 'Helvetica-Bold', 18);
  add('P', `${text.generated} ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`, 'Helvetica', 9);
  doc.moveDown();
  const summary = results.summary;
  add(
    'P',
    `${text.participants}: ${summary.participants} (${text.completed} ${summary.completed}, ${text.skipped} ` +
      `${summary.skipped}, ${text.aborted} ${summary.aborted}, ${text.live} ${summary.live})`,
    'Helvetica',
    11,
  );
  add(
    'P',
    summary.susMean === null
      ? `${text.sus}: ${text.susNone}`
      : `${text.sus}: ${summary.susMean} (${summary.susResponses} ${text.responses})`,
    'Helvetica',
    11,
  );
  doc.moveDown();
  add('H2', text.tasks, 'Helvetica-Bold', 14);
  results.tasks.forEach((task, index) => {
    add('H3', `${index + 1}. ${task.title}`, 'Helvetica-Bold', 12);
    const items = [
      `${text.reached}: ${task.reached}`,
      `${text.completionRate}: ${percent(task.completionRate, language)}`,
      `${text.median}: ${seconds(task.timeOnTaskMedianMs, language)}`,
      `${text.p90}: ${seconds(task.timeOnTaskP90Ms, language)}`,
      `${text.measured}: ${percent(task.measuredSuccessRate, language)}`,
    ];
    const list = doc.struct('L');
    document.add(list);
    for (const item of items) {
      list.add(
        doc.struct('LI', {}, () => {
          doc.font('Helvetica').fontSize(10).text(item, { indent: 12 });
        }),
      );
    }
    list.end();
    if (task.answers.length > 0) {
      add('P', `${text.answers}:`, 'Helvetica-Oblique', 10);
      const answers = doc.struct('L');
      document.add(answers);
      for (const answer of task.answers) {
        answers.add(
          doc.struct('LI', {}, () => {
            doc.font('Helvetica').fontSize(10).text(`“${answer.answer}”`, { indent: 12 });
          }),
        );
      }
      answers.end();
    }
    doc.moveDown(0.5);
  });
  document.end();
  doc.end();
  return finished;
}
