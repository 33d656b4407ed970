import { stepOf } from '../lib/jobStages';
import { importTexts } from '../texts';

const texts = importTexts.host;

/** Where the job is among the five stages the operator sees; a flow may skip some (E08 never checks). */
export function StageSteps({ state }: { state: string }) {
  const current = stepOf(state);
  if (current === null) return null;
  return (
    <ol className="stage-steps" aria-label={texts.stepsLabel}>
      {texts.steps.map((label, i) => (
        <li
          key={label}
          className={i === current ? 'stage-current' : i < current ? 'stage-done' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          {label}
          {i < current && <span className="visually-hidden"> ({texts.done})</span>}
        </li>
      ))}
    </ol>
  );
}
