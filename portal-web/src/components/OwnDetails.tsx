import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { todayIso } from '../lib/dates';
import { fetchOwnPerson, saveOwnPerson } from '../lib/memberSignIn';
import { texts } from '../lib/texts';
import { ClubContact, ClubHeading, useClubOfPeriod } from './ClubIdentity';
import { Notice } from './Notice';

type Field = 'firstName' | 'lastName' | 'dateOfBirth' | 'email';
const FIELDS: Field[] = ['firstName', 'lastName', 'dateOfBirth', 'email'];
const t = texts.memberSignIn.ownDetails;

/**
 * Contract rule 12: an account made by an anonymous registration or a first sign-in with the
 * club's provider has no person of its own yet; the member gives their details once, before the
 * person overview. Accounts that have one (every signed-link member) go straight on.
 */
export function OwnDetailsGate({ periodId, children }: { periodId: number; children: ReactNode }) {
  const [state, setState] = useState<'checking' | 'needed' | 'done'>('checking');
  // The club the member registers with, above the form as on every member screen (Apollo's cache serves the form's own use).
  const club = useClubOfPeriod(periodId);
  useEffect(() => {
    let current = true;
    void fetchOwnPerson().then((person) => {
      // Unknown (the request failed): the form's own query reports the session's state.
      if (current) setState(person === null ? 'needed' : 'done');
    });
    return () => {
      current = false;
    };
  }, []);
  if (state === 'checking') {
    return (
      <p className="loading" role="status">
        {texts.app.loading}
      </p>
    );
  }
  if (state === 'needed') {
    return (
      <>
        <ClubHeading club={club} />
        <OwnDetailsForm onSaved={() => setState('done')} />
        <ClubContact club={club} />
      </>
    );
  }
  return <>{children}</>;
}

function fieldErrors(values: Record<Field, string>, today: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) if (!values[field].trim()) errors[field] = t.required(t[field]);
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = t.invalidEmail;
  if (!errors.dateOfBirth && (values.dateOfBirth > today || values.dateOfBirth < '1900-01-01')) errors.dateOfBirth = t.invalidDate;
  return errors;
}

function OwnDetailsForm({ onSaved }: { onSaved: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', dateOfBirth: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = todayIso();
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = fieldErrors(values, today);
    setErrors(found);
    setProblem(null);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`own-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const outcome = await saveOwnPerson({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      dateOfBirth: values.dateOfBirth,
      email: values.email.trim(),
    });
    setBusy(false);
    if (outcome === 'saved') onSaved();
    else setProblem(outcome === 'invalid' ? t.refused : t.failed);
  }

  const input = (field: Field, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`own-${field}`}>{t[field]}</label>
      <input
        id={`own-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required
        value={values[field]}
        max={type === 'date' ? today : undefined}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `own-${field}-error` : undefined}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      />
      {errors[field] ? (
        <p id={`own-${field}-error`} className="field-error">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="card" aria-labelledby="own-details-title" data-testid="own-details">
      <h1 id="own-details-title" tabIndex={-1} ref={heading}>
        {t.title}
      </h1>
      <p>{t.intro}</p>
      <Notice severity="error">{problem ? <p>{problem}</p> : null}</Notice>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
        {input('dateOfBirth', 'date', 'bday')}
        {input('email', 'email', 'email')}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.save}
          </button>
        </div>
      </form>
    </section>
  );
}
