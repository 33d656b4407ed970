import { useState } from 'react';
import { IMPORT_FLOWS } from '../lib/flows';
import { importTexts } from '../texts';
import { EventSelect } from '../upload/EventSelect';
import { UploadForm } from '../upload/UploadForm';

const texts = importTexts.upload;
const flowTexts = importTexts.flows['event-participants'];

/** The event-participant upload: the event, the gating flags, and up to three columns kept as custom fields. */
export function ParticipantsUpload() {
  const [eventId, setEventId] = useState('');
  const [trustPKs, setTrustPKs] = useState(false);
  const [updatePII, setUpdatePII] = useState(false);
  const [custom, setCustom] = useState(['', '', '']);
  return (
    <UploadForm
      flow={IMPORT_FLOWS['event-participants']}
      title={flowTexts.title}
      intro={flowTexts.intro}
      fields={{
        eventId,
        trustPKs: String(trustPKs),
        updatePII: String(updatePII),
        createCustom1: custom[0]!,
        createCustom2: custom[1]!,
        createCustom3: custom[2]!,
      }}
      incomplete={eventId ? null : texts.chooseEvent}
    >
      {({ header }) => (
        <>
          <EventSelect value={eventId} onChange={setEventId} />
          <Check id="trust-pks" checked={trustPKs} onChange={setTrustPKs} label={texts.trustPKs} />
          <Check id="update-pii" checked={updatePII} onChange={setUpdatePII} label={texts.updatePII} />
          {header && (
            <fieldset className="custom-columns">
              <legend>{texts.customHint}</legend>
              {custom.map((value, i) => (
                <div className="field" key={i}>
                  <label htmlFor={`custom-${i + 1}`}>{texts.custom(i + 1)}</label>
                  <select
                    id={`custom-${i + 1}`}
                    value={value}
                    onChange={(e) => setCustom((prev) => prev.map((v, j) => (j === i ? e.target.value : v)))}
                  >
                    <option value="">{texts.customNone}</option>
                    {header.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </fieldset>
          )}
        </>
      )}
    </UploadForm>
  );
}

export function Check({
  id,
  checked,
  onChange,
  label,
  disabled,
}: {
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <div className="field-check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
