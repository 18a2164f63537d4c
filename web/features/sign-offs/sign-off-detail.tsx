/**
 * What the preceptor gave with a sign-off, as a sign-off card's detail: the professional-behaviour evaluation, the
 * team-lead scores and the drawn signature, so whoever reads the card reads their word and not only its state.
 */
import { AFFECTIVE_ITEMS } from '#schema/sign-off.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { formatDate } from '#web/lib/format.ts';

import { NOT_RATED, RATING_WORDS } from './sign-off-rules.ts';

type SignOff = DomainRows['signOffs'];
type Contact = DomainRows['patientContacts'];

const rating = (score: number | null | undefined) =>
  score === 0 || score === 1 || score === 2 ? `${score} · ${RATING_WORDS[score]}` : NOT_RATED;

function Evaluation({ evaluation }: { evaluation: SignOff['evaluation'] }) {
  return (
    <section aria-label="Professional behaviour">
      <h4 className="font-semibold text-slate-900">Professional behaviour</h4>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3">
        {AFFECTIVE_ITEMS.map((item) => [
          <dt key={`${item}-l`} className="text-slate-700">
            {item}
          </dt>,
          <dd key={`${item}-v`} className="text-slate-900">
            {rating(evaluation[item])}
          </dd>,
        ])}
      </dl>
    </section>
  );
}

function TeamLeadScores({
  scores,
  contactOf,
}: {
  scores: SignOff['teamLeadScores'];
  contactOf: ReadonlyMap<string, Contact>;
}) {
  const scored = Object.entries(scores);
  if (scored.length === 0) return null;
  return (
    <section aria-label="Team-lead scores">
      <h4 className="font-semibold text-slate-900">Team-lead performance</h4>
      <ul>
        {scored.map(([id, score]) => {
          const contact = contactOf.get(id);
          const what = contact ? `${formatDate(contact.date)}, ${contact.primaryImpression}` : 'Patient contact';
          return (
            <li key={id} className="flex justify-between gap-3">
              <span className="text-slate-700">{what}</span>
              <span className="text-slate-900">{rating(score)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A stroke's x, y pairs as SVG points; a lone point is drawn as a dot (a line to itself with round caps). */
function points(stroke: readonly number[]): string {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < stroke.length; i += 2) pairs.push(`${stroke[i]},${stroke[i + 1]}`);
  return (pairs.length === 1 ? [pairs[0], pairs[0]] : pairs).join(' ');
}

/**
 * The signature redrawn from its strokes, scaled from the pad's size to the card's width; a typed one says it was
 * typed, and the name.
 */
function SignatureImage({ signature, label }: { signature: SignOff['signature']; label: string }) {
  if (signature.kind === 'typed') return <p className="text-slate-800">{`${label}: typed, "${signature.name}"`}</p>;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${signature.width} ${signature.height}`}
      className="h-auto w-full max-w-xs rounded-lg border border-slate-200 bg-white"
    >
      {signature.strokes.map((stroke, i) => (
        <polyline
          key={i}
          points={points(stroke)}
          fill="none"
          stroke="#0f172a"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

export function SignOffDetail({ signOff, contactOf }: { signOff: SignOff; contactOf: ReadonlyMap<string, Contact> }) {
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
        Evaluation, scores and signature
      </summary>
      <div className="flex flex-col gap-3">
        <Evaluation evaluation={signOff.evaluation} />
        <TeamLeadScores scores={signOff.teamLeadScores} contactOf={contactOf} />
        <SignatureImage signature={signOff.signature} label={`Signature of ${signOff.preceptor.name}`} />
      </div>
    </details>
  );
}
