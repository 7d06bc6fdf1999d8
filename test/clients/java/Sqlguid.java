// uuid_seq's sqlguid in pgjdbc: the recipe of docs/clients.md, the whole file
// as the page shows it; JdbcTest reads every sqlguid and sqlguid[] through it.

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;

import org.postgresql.util.PGobject;

public final class Sqlguid {

    private Sqlguid() {
    }

    /** A sqlguid column as a UUID. pgjdbc reads a type it does not know as a
     *  PGobject holding the text: getObject(column, UUID.class) throws
     *  ClassCastException. */
    public static UUID sqlguid(ResultSet rs, String column) throws SQLException {
        String text = rs.getString(column);
        return text == null ? null : UUID.fromString(text);
    }

    /** A sqlguid[] column as a UUID[]: its elements are PGobjects. */
    public static UUID[] sqlguids(ResultSet rs, String column) throws SQLException {
        Array array = rs.getArray(column);
        if (array == null)
            return null;
        Object[] elements = (Object[]) array.getArray();
        UUID[] uuids = new UUID[elements.length];
        for (int i = 0; i < elements.length; i++)
            uuids[i] = elements[i] == null ? null : UUID.fromString(((PGobject) elements[i]).getValue());
        return uuids;
    }
}
