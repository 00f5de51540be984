type Props = {
  /** Current value; people leave it empty, bots fill it in. */
  value: string;
  onChange: (value: string) => void;
};

/** A field hidden from people and assistive technology that spam bots fill in; the server drops such posts. */
export default function Honeypot({ value, onChange }: Props) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
