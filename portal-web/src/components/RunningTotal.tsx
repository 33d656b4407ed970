import type { FormStep_FormFragment } from '../graphql/generated/graphql';
import { fullName } from '../lib/answers';
import { formatMoney } from '../lib/money';
import { texts } from '../lib/texts';

type Estimate = NonNullable<FormStep_FormFragment['estimate']>;

/**
 * The price as answered so far (issue 23, problem 5), from the server's own pricing: a line with
 * the total on the questions, and on the last one the review: every line, the person it is for,
 * and a "Change" button that goes back to the question the line comes from.
 */
export function RunningTotal(props: {
  estimate: Estimate;
  people: FormStep_FormFragment['people'];
  review: boolean;
  pending: boolean;
  onChange: (step: number) => void;
}) {
  const { estimate, review } = props;
  const total = formatMoney(estimate.totalMinor, estimate.currency);
  if (!review) {
    return (
      <p className="running-total" data-testid="running-total">
        {texts.review.totalSoFar}: <strong>{total}</strong>
      </p>
    );
  }
  const nameOf = (personId: number | null | undefined) => {
    const person = props.people.find((p) => p.id === personId);
    return person ? fullName(person) : null;
  };
  return (
    <section className="review" aria-labelledby="review-title" data-testid="review">
      <h3 id="review-title">{texts.review.title}</h3>
      <p>{texts.review.intro}</p>
      <table className="price-table">
        <caption className="visually-hidden">{texts.review.title}</caption>
        <tbody>
          {estimate.lines.map((line, index) => {
            const name = nameOf(line.personId);
            return (
              <tr key={index}>
                <th scope="row">
                  <span className="line-description">{line.description}</span>
                  {name && <span className="line-person">{texts.completion.lineFor(name)}</span>}
                </th>
                <td className="amount">{formatMoney(line.amountMinor, estimate.currency)}</td>
                <td>
                  {line.step != null && (
                    <button
                      type="button"
                      className="button-link"
                      disabled={props.pending}
                      onClick={() => props.onChange(line.step!)}
                      aria-label={texts.review.changeLine(line.description, name)}
                    >
                      {texts.review.change}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.completion.total}</th>
            <td className="amount total">{total}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
