// The terminal's width, kept current on resize. Printed (<Static>) items need it explicitly: they are laid
// out outside the root box, so without a width their text would wrap at its natural length, not the screen.
import { useStdout } from "ink";
import { useEffect, useState } from "react";

export function useColumns(): number {
  const { stdout } = useStdout();
  const [columns, setColumns] = useState(stdout.columns || 80);
  useEffect(() => {
    const update = () => setColumns(stdout.columns || 80);
    stdout.on("resize", update);
    return () => {
      stdout.off("resize", update);
    };
  }, [stdout]);
  return columns;
}
