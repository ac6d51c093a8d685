import type { ReactNode } from 'react';

interface MemorySearchFormProps {
  /** The input's id, for its label. */
  id: string;
  /** What the input is for, said to screen readers. */
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  /** The language typed, when it is one (the memory's source for a fuzzy search). */
  lang?: string;
  testId: string;
  onChange: (text: string) => void;
  /** Enter: search now rather than after the pause. */
  onCommit: () => void;
  /** The choice beside the input (a threshold, a side), with its caption. */
  caption: string;
  choice: ReactNode;
}

/** The search row the memory's tabs share: one input and one choice, Enter searches at once. */
export function MemorySearchForm(props: MemorySearchFormProps) {
  return (
    <form
      className="tm-search-form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        props.onCommit();
      }}
    >
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        className="tm-search-input"
        placeholder={props.placeholder}
        value={props.value}
        maxLength={props.maxLength}
        autoComplete="off"
        spellCheck={false}
        lang={props.lang}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      />
      <label className="tm-threshold">
        <span>{props.caption}</span>
        {props.choice}
      </label>
    </form>
  );
}
