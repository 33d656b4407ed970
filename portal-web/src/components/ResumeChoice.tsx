import { graphql } from '../graphql/generated';
import type { ResumeChoice_FormFragment } from '../graphql/generated/graphql';
import { texts } from '../lib/texts';

export const RESUME_CHOICE_FRAGMENT = graphql(`
  fragment ResumeChoice_form on Form {
    step
    stepCount
    processState
  }
`);

/** Contract: a process that is RUNNING or RESUME offers "start fresh" (reset) or "resume". */
export function ResumeChoice(props: { form: ResumeChoice_FormFragment; pending: boolean; onResume: () => void; onStartFresh: () => void }) {
  const { form, pending } = props;
  return (
    <div className="resume-choice">
      <p>{form.step > 1 ? texts.resume.body(form.step, form.stepCount) : texts.resume.resumeBody}</p>
      <p className="muted" id="start-fresh-note">
        {texts.resume.startFreshNote}
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={props.onResume} disabled={pending}>
          {texts.resume.resume}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={props.onStartFresh}
          disabled={pending}
          aria-describedby="start-fresh-note"
        >
          {texts.resume.startFresh}
        </button>
      </div>
    </div>
  );
}
