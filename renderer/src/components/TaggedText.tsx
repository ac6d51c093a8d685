import './match.css';

// Inline tags and placeholders, as the tokenizer of the word diff sees them.
const CODE = /(<\/?[A-Za-z][^<>]*>|\{[^{}\s]{1,40}\}|%(?:\d+\$)?[sdif@])/;

/** Text with its inline tags and placeholders set apart, so they read as codes, not words. */
export function TaggedText({ text }: { text: string }) {
  const pieces = text.split(CODE);
  if (pieces.length === 1) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) =>
        // split() puts the captured codes at the odd places.
        index % 2 === 1 ? (
          <span key={index} className="tm-code">
            {piece}
          </span>
        ) : (
          piece
        ),
      )}
    </>
  );
}
